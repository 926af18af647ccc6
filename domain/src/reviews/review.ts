import { forbidden, notFound } from '../errors';
import type { DomainEvent } from '../events/catalogue';

/** What the write side knows about a `review-{id}` stream: one author's review of one product. */
export type ReviewState =
  | { status: 'absent' }
  | {
      status: 'visible' | 'hidden';
      reviewId: string;
      authorUid: string;
      votes: Readonly<Record<string, boolean>>;
    };

export const noReview: ReviewState = { status: 'absent' };

export function evolveReview(state: ReviewState, event: DomainEvent): ReviewState {
  switch (event.type) {
    case 'ReviewPosted':
      return { status: 'visible', reviewId: event.data.reviewId, authorUid: event.data.authorUid, votes: {} };
    case 'ReviewHidden':
      return state.status === 'absent' ? state : { ...state, status: 'hidden' };
    case 'ReviewRestored':
      return state.status === 'absent' ? state : { ...state, status: 'visible' };
    case 'ReviewVoted':
      return state.status === 'absent'
        ? state
        : { ...state, votes: { ...state.votes, [event.data.voterUid]: event.data.helpful } };
    default:
      return state;
  }
}

export interface WriteReview {
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

/** One review per user per product: the first write posts it, later writes revise it. */
export function decideWriteReview(state: ReviewState, command: WriteReview): DomainEvent[] {
  const { reviewId, rating, title, comment, at } = command;
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

/** One vote per user per review (a new vote replaces the old one); nobody votes on their own review. */
export function decideVote(
  state: ReviewState,
  command: { voterUid: string; helpful: boolean },
): DomainEvent[] {
  if (state.status !== 'visible') throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
  if (state.authorUid === command.voterUid)
    throw forbidden('OWN_REVIEW', 'You cannot vote on your own review.');
  if (state.votes[command.voterUid] === command.helpful) return [];
  return [{ type: 'ReviewVoted', data: { reviewId: state.reviewId, ...command } }];
}
