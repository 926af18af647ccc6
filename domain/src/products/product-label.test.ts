import { describe, expect, it } from 'vitest';
import { productLabel } from './product-label';

describe('productLabel', () => {
  it('reads case, accents and spacing as the catalogue does', () => {
    expect(productLabel({ name: '  Crème  Brûlée ', brand: 'Maison', ingredients: 'Cream,\tsugar' })).toBe(
      productLabel({ name: 'creme brulee', brand: 'MAISON', ingredients: 'cream, sugar' }),
    );
  });

  it('keeps name, brand and ingredients apart', () => {
    expect(productLabel({ name: 'Oat bar', brand: 'Oats', ingredients: 'x' })).not.toBe(
      productLabel({ name: 'Oat', brand: 'bar Oats', ingredients: 'x' }),
    );
  });
});
