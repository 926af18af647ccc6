import { describe, expect, it } from 'vitest';
import { isPersonalProduct, personalScanTitle, UNNAMED_SCAN_NAME } from './personal-product';

describe('isPersonalProduct', () => {
  it("keeps a user's scan without a real name to its creator, whatever its spacing or case", () => {
    expect(isPersonalProduct({ name: 'Manual Analysis', source: 'user' })).toBe(true);
    expect(isPersonalProduct({ name: '  manual analysis ', source: 'user' })).toBe(true);
    expect(isPersonalProduct({ name: ' ', source: 'user' })).toBe(true);
  });

  it('lets a named scan, and products from the starter data or the console, join the catalogue', () => {
    expect(isPersonalProduct({ name: 'Oat Bar', source: 'user' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis Kit', source: 'user' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis', source: 'admin' })).toBe(false);
    expect(isPersonalProduct({ name: 'Manual Analysis', source: 'starter' })).toBe(false);
  });
});

describe('personalScanTitle', () => {
  it('names a personal scan by the start of its ingredients, cut after a word', () => {
    expect(personalScanTitle('oats, salt')).toBe('Oats, salt');
    expect(
      personalScanTitle('  Water,\n oats (10%), sunflower oil, calcium carbonate, sea salt, vitamins'),
    ).toBe('Water, oats (10%), sunflower oil…');
    expect(personalScanTitle('x'.repeat(60))).toBe(`X${'x'.repeat(39)}…`);
  });

  it('keeps the default name when nothing was read', () => {
    expect(personalScanTitle(' ')).toBe(UNNAMED_SCAN_NAME);
  });
});
