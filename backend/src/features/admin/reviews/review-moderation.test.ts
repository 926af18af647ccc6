import { describe, expect, it } from 'vitest';
import { DomainError } from '@labelwise/domain';
import { noReview, type ReviewState } from '@labelwise/domain/reviews/review';
import { decideModeration } from './review-moderation';

const visible: ReviewState = { status: 'visible', reviewId: 'r1', authorUid: 'u1', votes: {} };
const hidden: ReviewState = { ...visible, status: 'hidden' };

describe('decideModeration', () => {
  it('hides a visible review with the reason', () => {
    expect(decideModeration(visible, { hidden: true, reason: 'Spam' })).toEqual([
      { type: 'ReviewHidden', data: { reviewId: 'r1', reason: 'Spam' } },
    ]);
  });

  it('restores a hidden review', () => {
    expect(decideModeration(hidden, { hidden: false })).toEqual([
      { type: 'ReviewRestored', data: { reviewId: 'r1' } },
    ]);
  });

  it('decides nothing when the review is already in the asked state', () => {
    expect(decideModeration(hidden, { hidden: true, reason: 'Spam' })).toEqual([]);
    expect(decideModeration(visible, { hidden: false })).toEqual([]);
  });

  it('refuses an unknown review', () => {
    expect(() => decideModeration(noReview, { hidden: false })).toThrow(DomainError);
  });
});
