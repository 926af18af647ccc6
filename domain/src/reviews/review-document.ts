import type { Recorded } from '../decider';
import type { ReviewEvent } from '../events/catalogue';
import { ANONYMOUS_AUTHOR, FORGOTTEN_REVIEW_TEXT } from '../events/personal-data';

/**
 * A `review-{id}` stream's document: one author's review of one product as it reads now, whether a
 * moderator hid it (and why), and each voter's current vote. The decider decides on it; the
 * reviews read model and a command's answer show it.
 */
export interface ReviewDocument {
  status: 'visible' | 'hidden';
  reviewId: string;
  productId: number;
  authorUid: string;
  /** The author's username when the review was posted. */
  username: string;
  isVerifiedPurchase: boolean;
  postedAt: string;
  /** When the author last revised it; null until then. */
  revisedAt: string | null;
  /** Stars, 1 to 5. */
  rating: number;
  title: string | null;
  comment: string;
  /** The moderator's reason while hidden; null while visible. */
  hiddenReason: string | null;
  /** Each voter's current vote: true when they found the review helpful. */
  votes: Readonly<Record<string, boolean>>;
  /** The author deleted their account. */
  authorErased: boolean;
}

export type ReviewState = { status: 'absent' } | ReviewDocument;

export const noReview: ReviewState = { status: 'absent' };

/** The one fold of a review's events: the decider's state, the reviews read model, a command's answer. */
export function foldReview(state: ReviewState, event: Recorded<ReviewEvent>): ReviewState {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, productId, authorUid, username, isVerifiedPurchase, postedAt } = event.data;
      const { rating, title, comment } = event.data;
      return {
        status: 'visible',
        reviewId,
        productId,
        authorUid,
        username,
        isVerifiedPurchase,
        postedAt,
        revisedAt: null,
        rating,
        title,
        comment,
        hiddenReason: null,
        votes: {},
        authorErased: false,
      };
    }
    case 'ReviewRevised': {
      if (state.status === 'absent') return state;
      const { rating, title, comment, revisedAt } = event.data;
      return { ...state, rating, title, comment, revisedAt };
    }
    case 'ReviewHidden':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'hidden', hiddenReason: event.data.reason };
    case 'ReviewRestored':
      return state.status === 'absent' ? state : { ...state, status: 'visible', hiddenReason: null };
    case 'ReviewAuthorErased':
      return state.status === 'absent' ? state : forgetAuthor(state, event.data.keep);
    case 'ReviewVoted':
      return state.status === 'absent'
        ? state
        : { ...state, votes: { ...state.votes, [event.data.voterUid]: event.data.helpful } };
    default:
      event satisfies never;
      return state;
  }
}

/** The author deleted their account: a kept review loses its author's name, a removed one is hidden and its text forgotten. */
export const REMOVED_WITH_ACCOUNT = 'The author deleted their account.';

function forgetAuthor(review: ReviewDocument, keep: boolean): ReviewDocument {
  const anonymous = { ...review, username: ANONYMOUS_AUTHOR, authorErased: true };
  if (keep) return anonymous;
  return {
    ...anonymous,
    status: 'hidden',
    hiddenReason: REMOVED_WITH_ACCOUNT,
    title: null,
    comment: FORGOTTEN_REVIEW_TEXT,
  };
}
