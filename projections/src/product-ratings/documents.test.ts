import { describe, expect, it } from 'vitest';
import {
  foldProduct,
  foldReview,
  noProduct,
  noReview,
  productEventTypes,
  reviewEventTypes,
  type ProductDocument,
  type ProductEvent,
  type ProductState,
  type ReviewEvent,
  type ReviewState,
} from '@labelwise/domain';
import { productSamples, reviewSamples, sampleHistory } from '@labelwise/domain/testing';
import { productFacts, productOfFacts, reviewEntry, reviewOfEntry } from './documents';

const at = '2026-03-05T09:00:00.000Z';
const foldP = (state: ProductState, event: ProductEvent) =>
  foldProduct(state, { ...event, metadata: { at } });
const foldR = (state: ReviewState, event: ReviewEvent) => foldReview(state, { ...event, metadata: { at } });

/** Every state along `history`, the empty one aside. */
function statesAlong<State extends { status: string }>(
  history: readonly { type: string }[],
  fold: (state: State, event: never) => State,
  initial: State,
): Exclude<State, { status: 'absent' }>[] {
  const states: State[] = [];
  let state = initial;
  for (const event of history) {
    state = fold(state, event as never);
    states.push(state);
  }
  return states.filter((s): s is Exclude<State, { status: 'absent' }> => s.status !== 'absent');
}

const productHistory = sampleHistory(productEventTypes, productSamples);
const { ProductCreated, ProductImported } = productSamples;
// A starter product and an import: whose later exports change the verdict until a label stands.
const products = [
  productHistory,
  [{ type: 'ProductCreated', data: { ...ProductCreated, source: 'starter' } }, ...productHistory.slice(1)],
  [{ type: 'ProductImported', data: ProductImported }, ...productHistory.slice(1)],
  [
    { type: 'ProductImported', data: { ...ProductImported, rating: null, analysis: null } },
    ...productHistory,
  ],
].flatMap((history) => statesAlong<ProductState>(history as ProductEvent[], foldP, noProduct));

describe("the ranking's rows fold as the documents they come from", () => {
  it('has product states on both sides of every rule it keeps', () => {
    const facts = products.map((product) => productFacts(product as ProductDocument));
    expect(new Set(facts.map((f) => f.verdict_corrected))).toEqual(new Set([true, null]));
    expect(new Set(facts.map((f) => f.listed))).toEqual(new Set([true, false]));
    expect(facts.some((f) => f.rating === 'unrated')).toBe(true);
  });

  it.each(productEventTypes)(
    'a product row folded with %s gives the facts the whole document gives',
    (type) => {
      const event = productHistory.find((e) => e.type === type)!;
      for (const product of products) {
        const whole = foldP(product, event);
        const fromRow = foldP(productOfFacts(productFacts(product)), event);
        expect(fromRow.status === 'absent' ? null : productFacts(fromRow), JSON.stringify(product)).toEqual(
          whole.status === 'absent' ? null : productFacts(whole),
        );
      }
    },
  );

  const reviewHistory = sampleHistory(reviewEventTypes, reviewSamples);
  const reviews = statesAlong<ReviewState>(reviewHistory, foldR, noReview);

  it.each(reviewEventTypes)(
    'a review entry folded with %s gives the entry the whole review gives',
    (type) => {
      const event = reviewHistory.find((e) => e.type === type)!;
      for (const review of reviews) {
        const whole = foldR(review, event);
        const fromEntry = foldR(reviewOfEntry(reviewEntry(review)), event);
        expect(fromEntry.status === 'absent' ? null : reviewEntry(fromEntry)).toEqual(
          whole.status === 'absent' ? null : reviewEntry(whole),
        );
      }
    },
  );
});
