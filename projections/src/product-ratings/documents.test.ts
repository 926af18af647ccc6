import { describe, expect, it } from 'vitest';
import {
  foldProduct,
  foldReview,
  noProduct,
  noReview,
  productEventTypes,
  reviewEventTypes,
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

type Present<State> = Exclude<State, { status: 'absent' }>;
const present = <State extends { status: string }>(state: State): state is Present<State> =>
  state.status !== 'absent';

/** Every document along these histories. */
function documentsAlong<State extends { status: string }, Event>(
  histories: Event[][],
  fold: (state: State, event: Event) => State,
  initial: State,
): Present<State>[] {
  return histories.flatMap((history) =>
    history
      .reduce<State[]>((states, event) => [...states, fold(states.at(-1) ?? initial, event)], [])
      .filter(present),
  );
}

/** Folding the document a row gives back gives the row that folding the whole document gives. */
function expectRowsFoldAsDocuments<State extends { status: string }, Event, Row>(
  documents: Present<State>[],
  event: Event,
  fold: (state: State, event: Event) => State,
  toRow: (document: Present<State>) => Row,
  fromRow: (row: Row) => State,
) {
  const rowOf = (state: State) => (present(state) ? toRow(state) : null);
  for (const document of documents) {
    expect(rowOf(fold(fromRow(toRow(document)), event)), JSON.stringify(document)).toEqual(
      rowOf(fold(document, event)),
    );
  }
}

const productHistory = sampleHistory(productEventTypes, productSamples);
const [, ...afterCreation] = productHistory;
const { ProductCreated, ProductImported, ProductLabelContributed, ProductUpdatedFromSource } = productSamples;
// Created by a user, from the starter set and imported (rated, and unrated until a user's label).
const products = documentsAlong<ProductState, ProductEvent>(
  [
    productHistory,
    [{ type: 'ProductCreated', data: { ...ProductCreated, source: 'starter' } }, ...afterCreation],
    [{ type: 'ProductImported', data: ProductImported }, ...afterCreation],
    [
      { type: 'ProductImported', data: { ...ProductImported, rating: null, analysis: null } },
      {
        type: 'ProductUpdatedFromSource',
        data: { ...ProductUpdatedFromSource, rating: null, analysis: null },
      },
      { type: 'ProductLabelContributed', data: ProductLabelContributed },
      { type: 'ProductUpdatedFromSource', data: ProductUpdatedFromSource },
    ],
  ],
  foldP,
  noProduct,
);
const reviewHistory = sampleHistory(reviewEventTypes, reviewSamples);
const reviews = documentsAlong<ReviewState, ReviewEvent>([reviewHistory], foldR, noReview);

describe("the ranking's rows fold as the documents they come from", () => {
  it('starts from products on both sides of every fact it keeps', () => {
    const facts = products.map(productFacts);
    expect(new Set(facts.map((f) => f.verdict_corrected))).toEqual(new Set([true, null]));
    expect(new Set(facts.map((f) => f.listed))).toEqual(new Set([true, false]));
    expect(new Set(facts.map((f) => f.rating))).toEqual(new Set(['green', 'amber', 'red', 'unrated']));
  });

  it.each(productHistory)(
    'a product row folded with $type gives the facts the whole document gives',
    (event) => expectRowsFoldAsDocuments(products, event, foldP, productFacts, productOfFacts),
  );

  it.each(reviewHistory)('a review entry folded with $type gives the entry the whole review gives', (event) =>
    expectRowsFoldAsDocuments(reviews, event, foldR, reviewEntry, reviewOfEntry),
  );
});
