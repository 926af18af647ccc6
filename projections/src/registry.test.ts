import { describe, expect, it } from 'vitest';
import { projections, selectProjections } from './registry';

describe('selectProjections', () => {
  it('runs every projection when none is named', () => {
    expect(selectProjections([])).toBe(projections);
  });

  it('keeps the named ones in registry order', () => {
    expect(selectProjections(['monthly_scan_counts', 'product_cards']).map((p) => p.name)).toEqual([
      'product_cards',
      'monthly_scan_counts',
    ]);
  });

  it('refuses a name it does not know, listing the known ones', () => {
    expect(() => selectProjections(['product_cards', 'nope'])).toThrow(
      /Unknown projection "nope"; known: product_cards, .*monthly_scan_counts/,
    );
  });
});
