import { describe, expect, it } from 'vitest';
import { shareText } from './share-text';

const concerns = (...names: string[]) => names.map((name) => ({ name }));

describe('shareText', () => {
  it('states the rating label without concerns', () => {
    expect(shareText({ name: 'Oat Milk', brand: 'Oatly', rating: 'green', concerns: [] })).toBe(
      'Oat Milk by Oatly is rated Green on Labelwise.',
    );
    expect(shareText({ name: 'Mystery Bar', brand: null, rating: null, concerns: [] })).toBe(
      'Mystery Bar is rated Unrated on Labelwise.',
    );
  });

  it('lists up to three concerns', () => {
    expect(
      shareText({ name: 'Cola', rating: 'amber', concerns: concerns('Aspartame', 'Caramel colour') }),
    ).toBe('Cola is rated Risk on Labelwise. Concerns: Aspartame, Caramel colour.');
    expect(shareText({ name: 'Cola', rating: 'red', concerns: concerns('A', 'B', 'C') })).toBe(
      'Cola is rated Warning on Labelwise. Concerns: A, B, C.',
    );
  });

  it('adds a count of the concerns beyond three', () => {
    expect(
      shareText({
        name: 'Sweets',
        rating: 'red',
        concerns: concerns('E102', 'E110', 'E129', 'E951', 'E211'),
      }),
    ).toBe('Sweets is rated Warning on Labelwise. Concerns: E102, E110, E129 and 2 more.');
  });
});
