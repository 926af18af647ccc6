import { describe, expect, it } from 'vitest';
import { productIdentity } from './product-identity';

describe('productIdentity', () => {
  it('takes the largest title as product name and the next as brand', () => {
    const above = [
      { text: 'Hillside Kitchen', height: 31, confidence: 92 },
      { text: 'Tomato Ketchup', height: 46, confidence: 95 },
      { text: 'smaller print', height: 20, confidence: 95 },
    ];
    expect(productIdentity(above, 22)).toEqual({
      productName: 'Tomato Ketchup',
      brandName: 'Hillside Kitchen',
    });
  });

  it('joins a product name wrapped over two lines of the same size', () => {
    const above = [
      { text: 'Fruit and Nut', height: 46, confidence: 95 },
      { text: 'Muesli', height: 45, confidence: 95 },
    ];
    expect(productIdentity(above, 22)).toEqual({ productName: 'Fruit and Nut Muesli', brandName: null });
  });

  it('gives nothing without sizes, for body-size lines or low confidence', () => {
    expect(productIdentity([{ text: 'Ketchup', height: 40, confidence: 95 }], 0)).toEqual({
      productName: null,
      brandName: null,
    });
    expect(productIdentity([{ text: 'Ketchup', height: 22, confidence: 95 }], 22).productName).toBeNull();
    expect(productIdentity([{ text: 'Ketchup', height: 44, confidence: 20 }], 22).productName).toBeNull();
  });
});
