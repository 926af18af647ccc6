import { describe, expect, it } from 'vitest';
import type { Recorded } from '../decider';
import { foldArticle, noArticle } from '../articles/article-document';
import { foldProduct, noProduct } from '../products/product-document';
import { foldReview, noReview } from '../reviews/review-document';
import {
  articleSamples,
  productSamples,
  reviewSamples,
  sampleHistory,
  userSamples,
} from '../../testing/stream-samples';
import { foldUser, newUser } from '../users/user-document';
import {
  articleEventTypes,
  productEventTypes,
  reviewEventTypes,
  userEventTypes,
  type DomainEvent,
} from './catalogue';

/** Folds `events` one by one, asserting that each changes the document. */
function expectEachToChange<State, Event extends DomainEvent>(
  fold: (state: State, event: Recorded<Event>) => State,
  initial: State,
  events: Event[],
) {
  let state = initial;
  for (const event of events) {
    const next = fold(state, { ...event, metadata: { at: '2026-03-01T09:00:00.000Z' } });
    expect(next, `${event.type} left the document as it was`).not.toEqual(state);
    state = next;
  }
}

describe('each stream kind has one document fold that handles every event of its stream', () => {
  it('products', () => {
    expectEachToChange(foldProduct, noProduct, sampleHistory(productEventTypes, productSamples));
  });

  it('reviews', () => {
    expectEachToChange(foldReview, noReview, sampleHistory(reviewEventTypes, reviewSamples));
  });

  it('articles', () => {
    expectEachToChange(foldArticle, noArticle, sampleHistory(articleEventTypes, articleSamples));
  });

  it('users', () => {
    expectEachToChange(foldUser, newUser, sampleHistory(userEventTypes, userSamples));
  });
});
