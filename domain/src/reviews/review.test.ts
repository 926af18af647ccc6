import { describe, expect, it } from 'vitest';
import type { ReviewEvent } from '../events/catalogue';
import { deciderSpec } from '../../testing/decider-spec';
import { reviewDecider, type WriteReview } from './review';

const spec = deciderSpec(reviewDecider);

const write: WriteReview = {
  type: 'WriteReview',
  reviewId: 'r1',
  productId: 7,
  authorUid: 'u1',
  username: 'alice',
  rating: 4,
  title: null,
  comment: 'Tasty',
  isVerifiedPurchase: false,
  at: '2026-03-10T12:00:00.000Z',
};
const posted: ReviewEvent = {
  type: 'ReviewPosted',
  data: {
    reviewId: 'r1',
    productId: 7,
    authorUid: 'u1',
    username: 'alice',
    isVerifiedPurchase: false,
    postedAt: '2026-03-10T12:00:00.000Z',
    rating: 4,
    title: null,
    comment: 'Tasty',
  },
};
const hiddenEvent: ReviewEvent = { type: 'ReviewHidden', data: { reviewId: 'r1', reason: 'Spam' } };

describe('writing a review', () => {
  it('posts the first review and revises it afterwards', () => {
    spec.given().when(write).then([posted]);
    spec
      .given([posted])
      .when({ ...write, rating: 2, at: '2026-03-11T12:00:00.000Z' })
      .then([
        {
          type: 'ReviewRevised',
          data: {
            reviewId: 'r1',
            revisedAt: '2026-03-11T12:00:00.000Z',
            rating: 2,
            title: null,
            comment: 'Tasty',
          },
        },
      ]);
  });
});

describe('votes', () => {
  const vote = (voterUid: string, helpful: boolean) => ({ type: 'Vote' as const, voterUid, helpful });

  it('records one vote per user, replacing an earlier one, and nothing for the same vote', () => {
    const voted: ReviewEvent = {
      type: 'ReviewVoted',
      data: { reviewId: 'r1', voterUid: 'u2', helpful: true },
    };
    spec.given([posted]).when(vote('u2', true)).then([voted]);
    spec.given([posted, voted]).when(vote('u2', true)).then([]);
    spec
      .given([posted, voted])
      .when(vote('u2', false))
      .then([{ type: 'ReviewVoted', data: { reviewId: 'r1', voterUid: 'u2', helpful: false } }]);
  });

  it('refuses a vote on your own review, or on a hidden or unknown one', () => {
    spec.given([posted]).when(vote('u1', true)).thenRefuses('OWN_REVIEW', { kind: 'forbidden' });
    spec.given([posted, hiddenEvent]).when(vote('u2', true)).thenRefuses('REVIEW_NOT_FOUND');
    spec.given().when(vote('u2', true)).thenRefuses('REVIEW_NOT_FOUND', { kind: 'not_found' });
  });
});

describe('moderation', () => {
  const hide = { type: 'ModerateReview' as const, hidden: true as const, reason: 'Spam' };
  const restore = { type: 'ModerateReview' as const, hidden: false as const };

  it('hides a visible review with the reason', () => {
    spec.given([posted]).when(hide).then([hiddenEvent]);
  });

  it('remembers the reason while hidden', () => {
    expect(spec.given([posted, hiddenEvent]).state).toMatchObject({ status: 'hidden', hiddenReason: 'Spam' });
    expect(
      spec.given([posted, hiddenEvent, { type: 'ReviewRestored', data: { reviewId: 'r1' } }]).state,
    ).toMatchObject({ status: 'visible', hiddenReason: null });
  });

  it('restores a hidden review', () => {
    spec
      .given([posted, hiddenEvent])
      .when(restore)
      .then([{ type: 'ReviewRestored', data: { reviewId: 'r1' } }]);
  });

  it('decides nothing when the review is already in the asked state', () => {
    spec.given([posted, hiddenEvent]).when(hide).then([]);
    spec.given([posted]).when(restore).then([]);
  });

  it('refuses an unknown review', () => {
    spec.given().when(restore).thenRefuses('REVIEW_NOT_FOUND');
  });
});

describe('an author who deletes their account', () => {
  const erase = (keep: boolean) => ({ type: 'EraseAuthor' as const, keep });

  it('leaves a kept review as "Anonymous User", with its text', () => {
    const kept = spec.given([posted]).when(erase(true));
    kept.then([{ type: 'ReviewAuthorErased', data: { reviewId: 'r1', keep: true } }]);
    expect(spec.given([posted, ...kept.events()]).state).toMatchObject({
      status: 'visible',
      username: 'Anonymous User',
      comment: 'Tasty',
    });
  });

  it('hides a removed review and forgets its text, once', () => {
    const removed = spec.given([posted]).when(erase(false)).events();
    const after = spec.given([posted, ...removed]);
    expect(after.state).toMatchObject({ status: 'hidden', title: null, comment: 'This review was removed.' });
    after.when(erase(false)).then([]);
  });

  it('refuses a revision once the author is erased, kept or removed', () => {
    for (const keep of [true, false])
      spec
        .given([posted, { type: 'ReviewAuthorErased', data: { reviewId: 'r1', keep } }])
        .when({ ...write, comment: 'Late' })
        .thenRefuses('ACCOUNT_DELETED');
  });
});
