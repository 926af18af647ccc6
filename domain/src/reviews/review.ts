import { forbidden, notFound } from '../errors';
import { unknownCommand, type Decider } from '../decider';
import type { ReviewEvent } from '../events/catalogue';
import { ACCOUNT_DELETED_MESSAGE } from '../users/user';
import { foldReview, noReview, type ReviewState } from './review-document';

export interface WriteReview {
  type: 'WriteReview';
  reviewId: string;
  productId: number;
  authorUid: string;
  /** The author's username when posting, already defaulted ('Anonymous User'). */
  username: string;
  rating: number;
  title: string | null;
  comment: string;
  isVerifiedPurchase: boolean;
  /** ISO timestamp of the request. */
  at: string;
}

/**
 * One review per user per product: the first write posts it, later writes revise it. Once its
 * author has deleted their account, nobody writes it again.
 */
function writeReview(state: ReviewState, command: WriteReview): ReviewEvent[] {
  const { reviewId, rating, title, comment, at } = command;
  if (state.status !== 'absent' && state.authorErased)
    throw notFound('ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
  if (state.status === 'absent') {
    const { productId, authorUid, username, isVerifiedPurchase } = command;
    return [
      {
        type: 'ReviewPosted',
        data: {
          reviewId,
          productId,
          authorUid,
          username,
          isVerifiedPurchase,
          postedAt: at,
          rating,
          title,
          comment,
        },
      },
    ];
  }
  return [{ type: 'ReviewRevised', data: { reviewId, revisedAt: at, rating, title, comment } }];
}

export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';

/** A review of 4 or 5 stars recommends its product: community favourites rank by these, a user's favourites are these. */
export const RECOMMENDING_STARS = 4;
export const recommends = (stars: number): boolean => stars >= RECOMMENDING_STARS;

/** One vote per user per review (a new vote replaces the old one); nobody votes on their own review. */
export interface Vote {
  type: 'Vote';
  voterUid: string;
  helpful: boolean;
}

function vote(state: ReviewState, { voterUid, helpful }: Vote): ReviewEvent[] {
  if (state.status !== 'visible') throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
  if (state.authorUid === voterUid) throw forbidden('OWN_REVIEW', 'You cannot vote on your own review.');
  if (state.votes[voterUid] === helpful) return [];
  return [{ type: 'ReviewVoted', data: { reviewId: state.reviewId, voterUid, helpful } }];
}

/** A moderator hides a review (with the reason) or restores it. */
export type ModerateReview = { type: 'ModerateReview' } & (
  { hidden: true; reason: string } | { hidden: false }
);

/** Hides or restores; asking for the review's current state decides nothing. */
function moderate(state: ReviewState, moderation: ModerateReview): ReviewEvent[] {
  if (state.status === 'absent') throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
  const { reviewId } = state;
  if (moderation.hidden) {
    return state.status === 'hidden'
      ? []
      : [{ type: 'ReviewHidden', data: { reviewId, reason: moderation.reason } }];
  }
  return state.status === 'visible' ? [] : [{ type: 'ReviewRestored', data: { reviewId } }];
}

/** The author deleted their account: keep the review as "Anonymous User", or remove it. */
export interface EraseAuthor {
  type: 'EraseAuthor';
  keep: boolean;
}

/** Once per review: a retried deletion records nothing more. */
function eraseAuthor(state: ReviewState, { keep }: EraseAuthor): ReviewEvent[] {
  if (state.status === 'absent' || state.authorErased) return [];
  return [{ type: 'ReviewAuthorErased', data: { reviewId: state.reviewId, keep } }];
}

export type ReviewCommand = WriteReview | Vote | ModerateReview | EraseAuthor;

/** The `review-{id}` aggregate: one author's review of one product, the votes on it, its moderation. */
export const reviewDecider: Decider<ReviewCommand, ReviewState, ReviewEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'WriteReview':
        return writeReview(state, command);
      case 'Vote':
        return vote(state, command);
      case 'ModerateReview':
        return moderate(state, command);
      case 'EraseAuthor':
        return eraseAuthor(state, command);
      default:
        return unknownCommand(command);
    }
  },
  evolve: foldReview,
  initialState: noReview,
};
