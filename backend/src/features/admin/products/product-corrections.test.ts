import { describe, expect, it } from 'vitest';
import { DomainError, type DomainEvent } from '@labelwise/domain';
import {
  decideCorrection,
  decideRemoval,
  evolveCorrectableProduct,
  unknownProduct,
  type CorrectableProduct,
} from './product-corrections';

const created: DomainEvent = {
  type: 'ProductCreated',
  data: {
    productId: 7,
    name: 'Oat bar',
    brand: 'Acme',
    barcode: '5000000000001',
    ingredients: 'oats, honey',
    description: '',
    weight: '40 g',
    rating: 'green',
    analysis: {
      rating: 'green',
      processingLevel: 'minimal',
      additiveCount: 0,
      isProcessed: false,
      isUltraProcessed: false,
      concerns: [],
    },
    createdBy: null,
    source: 'starter',
  },
};

const listed = [created].reduce(evolveCorrectableProduct, unknownProduct);

describe('product corrections', () => {
  it('folds corrections into the current fields', () => {
    const corrected = evolveCorrectableProduct(listed, {
      type: 'ProductCorrected',
      data: {
        productId: 7,
        changes: { name: 'Oat snack bar' },
        rating: 'green',
        analysis: created.data.analysis as never,
      },
    });
    expect(corrected).toMatchObject({ status: 'listed', fields: { name: 'Oat snack bar', brand: 'Acme' } });
  });

  it('records only the fields that change and recomputes the rating from the ingredients', () => {
    const [event] = decideCorrection(listed, {
      name: 'Oat bar',
      brand: 'Acme',
      ingredients: 'sugar, glucose syrup, palm oil, E102, E110, E129, flavourings, emulsifier E471',
    });
    expect(event).toMatchObject({ type: 'ProductCorrected', data: { productId: 7 } });
    const data = (event as Extract<DomainEvent, { type: 'ProductCorrected' }>).data;
    expect(Object.keys(data.changes)).toEqual(['ingredients']);
    expect(data.rating).toBe('red');
    expect(data.analysis.additiveCount).toBeGreaterThanOrEqual(3);
  });

  it('decides nothing when nothing changes', () => {
    expect(decideCorrection(listed, { name: 'Oat bar', weight: '40 g' })).toEqual([]);
  });

  it('removes a listed product with the reason, and refuses a second removal or a correction after it', () => {
    expect(decideRemoval(listed, 'Duplicate')).toEqual([
      { type: 'ProductRemoved', data: { productId: 7, reason: 'Duplicate' } },
    ]);
    const removed: CorrectableProduct = { ...listed, status: 'removed' } as CorrectableProduct;
    expect(() => decideRemoval(removed, 'Again')).toThrow(/removed/);
    expect(() => decideCorrection(removed, { name: 'x' })).toThrow(DomainError);
  });

  it('does not know a product whose stream is empty', () => {
    expect(() => decideCorrection(unknownProduct, { name: 'x' })).toThrow('Product not found');
  });
});
