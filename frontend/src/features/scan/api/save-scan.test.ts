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

  it('saves a label under the unknown barcode it was given for, with the sharing answer', () => {
    expect(
      newProductBody({
        productName: 'Oat Bar',
        brandName: '',
        ingredients: 'Oats',
        rating: 'green',
        barcode: '5000159461122',
        offConsent: false,
      }),
    ).toMatchObject({ barcode: '5000159461122', offConsent: false });
  });
});
