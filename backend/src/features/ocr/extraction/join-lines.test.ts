import { describe, expect, it } from 'vitest';
import { joinLines } from './join-lines';

describe('joinLines', () => {
  it('joins wrapped lines with one space', () => {
    expect(joinLines(['Sugar,  Salt,', '  Water', '', 'Yeast.'])).toBe('Sugar, Salt, Water Yeast.');
  });

  it('makes a word broken by a hyphen at a line end whole again', () => {
    expect(joinLines(['Calcium Pro-', 'pionate (E282), Emul-', 'sifiers'])).toBe(
      'Calcium Propionate (E282), Emulsifiers',
    );
  });

  it('keeps real compounds and suspended hyphens', () => {
    expect(
      joinLines(['Semi-', 'skimmed Milk, mono-', 'and diglycerides, Free-', 'range Eggs, Vitamin-', 'D']),
    ).toBe('Semi-skimmed Milk, mono- and diglycerides, Free-range Eggs, Vitamin-D');
  });
});
