import { notFound, type DomainEvent } from '@labelwise/domain';
import { REVIEW_NOT_FOUND_MESSAGE, type ReviewState } from '@labelwise/domain/reviews/review';

export type Moderation = { hidden: true; reason: string } | { hidden: false };

/** Hides a review (with the moderator's reason) or restores it; asking for its current state decides nothing. */
export function decideModeration(state: ReviewState, moderation: Moderation): DomainEvent[] {
  if (state.status === 'absent') throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
  const { reviewId } = state;
  if (moderation.hidden) {
    return state.status === 'hidden'
      ? []
      : [{ type: 'ReviewHidden', data: { reviewId, reason: moderation.reason } }];
  }
  return state.status === 'visible' ? [] : [{ type: 'ReviewRestored', data: { reviewId } }];
}
