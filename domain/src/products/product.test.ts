import { describe, expect, it } from 'vitest';
import type { EventOf, ProductEvent } from '../events/catalogue';
import { deciderSpec } from '../../testing/decider-spec';
import { importedProduct } from '../../testing/imported-product';
import { FORTIFIED_FLOUR, flourVerdictBeforeFortification } from '../../testing/stale-verdict';
import { assessIngredients } from './assess-ingredients';
import { productDecider, type ProductCommand } from './product';

const spec = deciderSpec(productDecider);

const created: EventOf<'ProductCreated'> = {
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

const correct = (proposed: Extract<ProductCommand, { type: 'CorrectProduct' }>['proposed']) => ({
  type: 'CorrectProduct' as const,
  proposed,
});
const remove = (reason: string) => ({ type: 'RemoveProduct' as const, reason });

describe('product creation', () => {
  const { productId, rating, analysis, createdBy, source, ...fields } = created.data;
  const create: ProductCommand = {
    type: 'CreateProduct',
    productId,
    fields,
    assessment: { rating, analysis },
    createdBy,
    source,
  };

  it('creates the product on an empty stream', () => {
    spec.given().when(create).then([created]);
  });

  it('decides nothing when the stream already exists (racing writers, a re-run of the seed)', () => {
    spec.given([created]).when(create).then([]);
  });

  it("keeps a user's scan without a real name to its creator, and a named one in the catalogue", () => {
    const scan = (name: string): ProductEvent => ({
      type: 'ProductCreated',
      data: { ...created.data, name, createdBy: 'alice', source: 'user' },
    });
    expect(spec.given([scan('Manual Analysis')]).state).toMatchObject({ personalTo: 'alice' });
    expect(spec.given([scan('Oat bar')]).state).toMatchObject({ personalTo: null });
    expect(spec.given([created]).state).toMatchObject({ personalTo: null });
  });

  it("records the creator's answer to sharing the label with Open Food Facts when it was asked", () => {
    const events = spec
      .given()
      .when({ ...create, source: 'user', offConsent: true })
      .events();
    expect(events[0]!.data).toMatchObject({ offConsent: true });
    expect(spec.given().when(create).events()[0]!.data).not.toHaveProperty('offConsent');
  });
});

describe('an English label for an unrated product', () => {
  const unrated: ProductEvent = {
    type: 'ProductImported',
    data: importedProduct(7, { ingredientsText: null, unratedReason: 'ingredients not in English' }),
  };
  const contribute = (ingredients: string, contributedBy = 'bob') => ({
    type: 'ContributeLabel' as const,
    ingredients,
    contributedBy,
    offConsent: false,
  });

  it("rates the user's ingredients with the server's analyser and records who gave them", () => {
    const { rating, analysis } = assessIngredients('oats, sugar, E150d', [
      'breakfasts',
      'cereals and potatoes',
      'porridge oats',
    ]);
    spec
      .given([unrated])
      .when(contribute('oats, sugar, E150d'))
      .then([
        {
          type: 'ProductLabelContributed',
          data: {
            productId: 7,
            ingredients: 'oats, sugar, E150d',
            rating,
            analysis,
            contributedBy: 'bob',
            offConsent: false,
          },
        },
      ]);
    const labelled = spec.given([
      unrated,
      ...spec.given([unrated]).when(contribute('oats, sugar, E150d')).events(),
    ]);
    expect(labelled.state).toMatchObject({
      fields: { ingredients: 'oats, sugar, E150d' },
      verdict: { rating },
      unratedReason: null,
      userLabel: true,
    });
  });

  it('keeps the first verdict: a second label, or one for a rated product, records nothing', () => {
    const first = spec.given([unrated]).when(contribute('oats')).events();
    spec
      .given([unrated, ...first])
      .when(contribute('oats, palm oil', 'carol'))
      .then([]);
    spec.given([created]).when(contribute('oats, palm oil')).then([]);
  });

  it("lets a moderator's later correction win, and a later export keep the user's label", () => {
    const first = spec.given([unrated]).when(contribute('oats')).events();
    const corrected = spec
      .given([unrated, ...first])
      .when(correct({ ingredients: 'oats, salt' }))
      .events();
    expect(spec.given([unrated, ...first, ...corrected]).state).toMatchObject({
      fields: { ingredients: 'oats, salt' },
    });
    const update: ProductEvent = {
      type: 'ProductUpdatedFromSource',
      data: importedProduct(7, { ingredientsText: null, unratedReason: 'ingredients not in English' }),
    };
    expect(spec.given([unrated, ...first, update]).state).toMatchObject({
      fields: { ingredients: 'oats' },
      verdict: { rating: (first[0] as EventOf<'ProductLabelContributed'>).data.rating },
    });
  });

  it('refuses a product nobody can see', () => {
    spec
      .given()
      .when(contribute('oats'))
      .thenRefuses('PRODUCT_NOT_FOUND', { kind: 'not_found', message: 'Product not found' });
  });
});

describe('product corrections', () => {
  it('folds corrections into the current fields', () => {
    const corrected: ProductEvent = {
      type: 'ProductCorrected',
      data: {
        productId: 7,
        changes: { name: 'Oat snack bar' },
        rating: 'green',
        analysis: created.data.analysis,
      },
    };
    expect(spec.given([created, corrected]).state).toMatchObject({
      status: 'listed',
      fields: { name: 'Oat snack bar', brand: 'Acme' },
    });
  });

  it('records only the fields that change and recomputes the rating from the ingredients', () => {
    const [event] = spec
      .given([created])
      .when(
        correct({
          name: 'Oat bar',
          brand: 'Acme',
          ingredients: 'sugar, glucose syrup, palm oil, E102, E110, E129, flavourings, emulsifier E471',
        }),
      )
      .events();
    expect(event).toMatchObject({ type: 'ProductCorrected', data: { productId: 7 } });
    const data = (event as EventOf<'ProductCorrected'>).data;
    expect(Object.keys(data.changes)).toEqual(['ingredients']);
    expect(data.rating).toBe('red');
    expect(data.analysis?.additiveCount).toBeGreaterThanOrEqual(3);
  });

  it('decides nothing when nothing changes', () => {
    spec
      .given([created])
      .when(correct({ name: 'Oat bar', weight: '40 g' }))
      .then([]);
  });

  it('removes a listed product with the reason, and refuses a second removal or a correction after it', () => {
    const removed: ProductEvent = { type: 'ProductRemoved', data: { productId: 7, reason: 'Duplicate' } };
    spec.given([created]).when(remove('Duplicate')).then([removed]);
    spec.given([created, removed]).when(remove('Again')).thenRefuses('PRODUCT_REMOVED', { kind: 'conflict' });
    spec
      .given([created, removed])
      .when(correct({ name: 'x' }))
      .thenRefuses('PRODUCT_REMOVED');
  });

  it('does not know a product whose stream is empty', () => {
    spec
      .given()
      .when(correct({ name: 'x' }))
      .thenRefuses('PRODUCT_NOT_FOUND', { message: 'Product not found' });
  });
});

describe('quantity corrections', () => {
  const quantityCorrected: ProductEvent = {
    type: 'ProductQuantityCorrected',
    data: { productId: 7, quantity: '45 g' },
  };

  it('records a corrected weight as a corrected quantity, which leaves the verdict as it was', () => {
    spec
      .given([created])
      .when(correct({ name: 'Oat bar', weight: '45 g' }))
      .then([quantityCorrected]);
    expect(spec.given([created, quantityCorrected]).state).toMatchObject({
      fields: { name: 'Oat bar', weight: '45 g' },
      corrected: ['weight'],
      verdict: { rating: 'green', analysis: created.data.analysis },
    });
  });

  it('records the other fields of the same correction beside it, rated as ever', () => {
    const [fields, quantity] = spec
      .given([created])
      .when(correct({ name: 'Oat snack bar', weight: '45 g' }))
      .events();
    expect(fields).toMatchObject({ type: 'ProductCorrected', data: { changes: { name: 'Oat snack bar' } } });
    expect(fields!.data).not.toHaveProperty('changes.weight');
    expect(quantity).toEqual(quantityCorrected);
  });

  it('keeps a corrected quantity over a later export (correction wins)', () => {
    const updated: ProductEvent = {
      type: 'ProductUpdatedFromSource',
      data: importedProduct(7, { lastModifiedT: 1_800_000_000, quantity: '1 kg' }),
    };
    expect(spec.given([created, quantityCorrected, updated]).state).toMatchObject({
      fields: { name: 'Porridge Oats 7', weight: '45 g' },
      corrected: ['weight'],
    });
  });
});

describe('brand corrections', () => {
  const respell = (from: string, to: string) => ({ type: 'CorrectBrand' as const, from, to });
  const brandCorrected: ProductEvent = {
    type: 'ProductBrandCorrected',
    data: { productId: 7, brand: 'ACME' },
  };
  const staleFlour: ProductEvent = {
    type: 'ProductCreated',
    data: { ...created.data, ingredients: FORTIFIED_FLOUR, ...flourVerdictBeforeFortification },
  };

  it('respells the brand of a product carrying the old spelling, and leaves its verdict as it was', () => {
    spec.given([staleFlour]).when(respell('Acme', 'ACME')).then([brandCorrected]);
    expect(spec.given([staleFlour, brandCorrected]).state).toMatchObject({
      fields: { brand: 'ACME', ingredients: FORTIFIED_FLOUR },
      corrected: ['brand'],
      verdict: flourVerdictBeforeFortification,
    });
    // Why it is an event of its own: a console correction re-rates with today's analyser.
    const [corrected] = spec
      .given([staleFlour])
      .when(correct({ brand: 'ACME' }))
      .events();
    expect(corrected).toMatchObject({ type: 'ProductCorrected', data: { rating: 'green' } });
  });

  it('decides nothing for a product already corrected, spelt otherwise, removed or absent', () => {
    spec.given([created, brandCorrected]).when(respell('Acme', 'ACME')).then([]);
    spec.given([created]).when(respell('Acne', 'ACME')).then([]);
    spec.given([created]).when(respell('Acme', 'Acme')).then([]);
    const removed: ProductEvent = { type: 'ProductRemoved', data: { productId: 7, reason: 'Duplicate' } };
    spec.given([created, removed]).when(respell('Acme', 'ACME')).then([]);
    spec.given().when(respell('Acme', 'ACME')).then([]);
  });

  it('keeps a corrected brand over a later export, which still updates the other fields', () => {
    const updated: ProductEvent = {
      type: 'ProductUpdatedFromSource',
      data: importedProduct(7, { lastModifiedT: 1_800_000_000, brand: 'acme ltd' }),
    };
    expect(spec.given([created, brandCorrected, updated]).state).toMatchObject({
      fields: { name: 'Porridge Oats 7', brand: 'ACME' },
      corrected: ['brand'],
    });
  });
});

describe('product reassessment', () => {
  const reassess = { type: 'ReassessProduct' as const };
  /** The oat bar as today's analyser rates it. */
  const current: ProductEvent = {
    ...created,
    data: { ...created.data, ...assessIngredients(created.data.ingredients) },
  };
  const staleFlour: ProductEvent = {
    type: 'ProductCreated',
    data: {
      ...created.data,
      name: 'Plain flour',
      ingredients: FORTIFIED_FLOUR,
      ...flourVerdictBeforeFortification,
    },
  };

  it("records today's verdict on the current ingredients when it differs from the recorded one", () => {
    const [event] = spec.given([staleFlour]).when(reassess).events() as EventOf<'ProductReassessed'>[];
    expect(event!.data).toMatchObject({ productId: 7, rating: 'green', analysis: { concerns: [] } });
    expect(assessIngredients(FORTIFIED_FLOUR).rating).toBe('green');
  });

  it('decides nothing once the verdict is current, so a second run appends nothing', () => {
    const [event] = spec.given([staleFlour]).when(reassess).events();
    spec.given([staleFlour, event!]).when(reassess).then([]);
    spec.given([current]).when(reassess).then([]);
  });

  it('reads the verdict whatever the order of its keys (as jsonb gives them back)', () => {
    const { analysis } = verdictOf(current);
    const reordered = Object.fromEntries(Object.entries(analysis).reverse()) as typeof analysis;
    expect(Object.keys(reordered)).not.toEqual(Object.keys(analysis));
    spec
      .given([{ ...current, data: { ...current.data, analysis: reordered } } as ProductEvent])
      .when(reassess)
      .then([]);
  });

  it("rates a moderator's corrected ingredients, not the ones first recorded", () => {
    const correction: ProductEvent = {
      type: 'ProductCorrected',
      data: { productId: 7, changes: { ingredients: FORTIFIED_FLOUR }, ...verdictOf(staleFlour) },
    };
    const [event] = spec
      .given([created, correction])
      .when(reassess)
      .events() as EventOf<'ProductReassessed'>[];
    expect(event!.data.rating).toBe(assessIngredients(FORTIFIED_FLOUR).rating);
  });

  it("rates a product read from OFF's ingredient analysis from the same English list again, keeping where it came from", () => {
    const readFrom = {
      source: 'off-ingredient-analysis' as const,
      ingredientsText: 'Farine de blé enrichie (farine de blé, carbonate de calcium, fer, niacine, thiamine)',
      language: 'fr',
      ingredients: FORTIFIED_FLOUR,
    };
    const stale = { ...flourVerdictBeforeFortification };
    const imported: ProductEvent = {
      type: 'ProductImported',
      data: importedProduct(7, {
        ingredientsText: null,
        unratedReason: null,
        ...stale,
        analysis: { ...stale.analysis, readFrom },
      }),
    };
    const [event] = spec.given([imported]).when(reassess).events() as EventOf<'ProductReassessed'>[];
    expect(event!.data).toMatchObject({
      rating: assessIngredients(FORTIFIED_FLOUR).rating,
      analysis: { readFrom },
    });
    spec.given([imported, event!]).when(reassess).then([]);
  });

  it('leaves removed and unrated products alone', () => {
    const removed: ProductEvent = { type: 'ProductRemoved', data: { productId: 7, reason: 'Duplicate' } };
    spec.given([staleFlour, removed]).when(reassess).then([]);
    const unrated: ProductEvent = {
      type: 'ProductImported',
      data: importedProduct(7, { ingredientsText: null, unratedReason: 'no ingredients' }),
    };
    spec.given([unrated]).when(reassess).then([]);
    spec.given().when(reassess).then([]);
  });
});

function verdictOf(event: ProductEvent) {
  const { rating, analysis } = event.data as EventOf<'ProductCreated'>['data'];
  return { rating, analysis };
}
