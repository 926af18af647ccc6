import { describe, expect, it } from 'vitest';
import { newProductBody } from './save-scan';

describe('newProductBody (POST /api/products)', () => {
  it('defaults a manual scan to Manual Analysis by User Input with a MANUAL_ barcode', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(
      newProductBody({ productName: ' ', brandName: '', ingredients: ' Oats, salt ', rating: 'amber' }, now),
    ).toEqual({
      name: 'Manual Analysis',
      brand: 'User Input',
      barcode: `MANUAL_${now.getTime()}`,
      ingredients: 'Oats, salt',
      description: '',
      weight: '',
      rating: 'amber',
    });
  });

  it('keeps the typed name and brand', () => {
    expect(
      newProductBody({
        productName: 'Porridge',
        brandName: 'Green Valley',
        ingredients: 'Oats',
        rating: 'green',
      }),
    ).toMatchObject({ name: 'Porridge', brand: 'Green Valley' });
  });
});
