import { describe, expect, it } from 'vitest';
import type { EventOf, ProductEvent } from '../events/catalogue';
import { GIVEN_AT, deciderSpec } from '../../testing/decider-spec';
import { importedProduct } from '../../testing/imported-product';
import { productDecider } from './product';

const spec = deciderSpec(productDecider);

const imported = (overrides = {}): ProductEvent => ({
  type: 'ProductImported',
  data: importedProduct(9, overrides),
});
const updated = (overrides = {}): ProductEvent => ({
  type: 'ProductUpdatedFromSource',
  data: importedProduct(9, { lastModifiedT: 1_800_000_000, ...overrides }),
});
const correct = (proposed: Record<string, string>) => ({ type: 'CorrectProduct' as const, proposed });

describe('imported products', () => {
  it('lists an imported product with the fields OFF gives', () => {
    expect(spec.given([imported()]).state).toEqual({
      status: 'listed',
      productId: 9,
      fields: {
        name: 'Porridge Oats 9',
        brand: 'Hill Farm',
        barcode: '012345000009',
        ingredients: 'Rolled <span class="allergen">oats</span> (100%), _wheat_ flour &amp; salt',
        description: '',
        weight: '1 kg',
      },
      categories: ['breakfasts', 'cereals and potatoes', 'porridge oats'],
      corrected: [],
      verdict: { rating: importedProduct(9).rating, analysis: importedProduct(9).analysis },
      unratedReason: null,
      personalTo: null,
      userLabel: false,
      source: 'off',
      createdBy: null,
      createdAt: GIVEN_AT,
      off: expect.objectContaining({
        code: '012345000009',
        barcodeKeys: ['012345000009', '0012345000009'],
        quantity: '1 kg',
        lastModifiedT: 1_700_000_000,
      }),
    });
  });

  it('takes every field of a later export', () => {
    const state = spec.given([imported(), updated({ name: 'Jumbo Oats', quantity: '500 g' })]).state;
    expect(state).toMatchObject({ fields: { name: 'Jumbo Oats', weight: '500 g' }, corrected: [] });
  });

  it('never overwrites a field a moderator corrected with a later export (correction wins)', () => {
    const [correction] = spec
      .given([imported()])
      .when(correct({ name: 'Porridge Oats (corrected)', brand: 'Hill Farm' }))
      .events();
    const state = spec.given([
      imported(),
      correction!,
      updated({ name: 'Porridge Oats new', brand: 'Hill Farm Ltd' }),
    ]).state;
    expect(state).toMatchObject({
      fields: { name: 'Porridge Oats (corrected)', brand: 'Hill Farm Ltd' },
      corrected: ['name'],
    });
  });

  it('keeps corrected ingredients, and their verdict, over a later export without English ingredients', () => {
    const history = [imported()];
    const [correction] = spec
      .given(history)
      .when(correct({ ingredients: 'oats, water' }))
      .events();
    const state = spec.given([
      ...history,
      correction!,
      updated({ ingredientsText: null, unratedReason: 'no ingredients' }),
    ]).state;
    expect(state).toMatchObject({
      fields: { ingredients: 'oats, water' },
      corrected: ['ingredients'],
      unratedReason: null,
    });
  });

  it('keeps an unrated product unrated when a moderator corrects other fields', () => {
    const unrated = imported({ ingredientsText: null, unratedReason: 'ingredients not in English' });
    spec
      .given([unrated])
      .when(correct({ name: 'Flocons d’avoine' }))
      .then([
        {
          type: 'ProductCorrected',
          data: { productId: 9, changes: { name: 'Flocons d’avoine' }, rating: null, analysis: null },
        },
      ]);
  });

  it('rates an unrated product once a moderator gives it English ingredients', () => {
    const unrated = imported({ ingredientsText: null, unratedReason: 'no ingredients' });
    const when = spec.given([unrated]).when(correct({ ingredients: 'rolled oats' }));
    const [event] = when.events() as EventOf<'ProductCorrected'>[];
    expect(event!.data.rating).toBe('green');
    expect(when.state()).toMatchObject({ unratedReason: null, corrected: ['ingredients'] });
  });

  it('lets moderators remove an imported product', () => {
    spec
      .given([imported()])
      .when({ type: 'RemoveProduct', reason: 'Not food' })
      .then([{ type: 'ProductRemoved', data: { productId: 9, reason: 'Not food' } }]);
  });

  it('updates a user-created product from the export that holds its barcode, keeping the label the user gave', () => {
    const created: ProductEvent = {
      type: 'ProductCreated',
      data: {
        productId: 9,
        name: 'oats',
        brand: 'User Input',
        barcode: '012345000009',
        ingredients: 'oats',
        description: '',
        weight: '',
        rating: 'green',
        analysis: importedProduct(9).analysis!,
        createdBy: 'alice',
        source: 'user',
      },
    };
    expect(spec.given([created, updated()]).state).toMatchObject({
      status: 'listed',
      fields: { name: 'Porridge Oats 9', brand: 'Hill Farm', weight: '1 kg', ingredients: 'oats' },
      categories: ['breakfasts', 'cereals and potatoes', 'porridge oats'],
    });
  });
});
