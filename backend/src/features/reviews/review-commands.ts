import {
  DomainError,
  notFound,
  streams,
  type ReviewResponse,
  isAvailableTo,
  productNotFound,
  REVIEW_NOT_FOUND_MESSAGE,
  reviewDecider,
  countVotes,
  reviewView,
} from '@labelwise/domain';
import type { ReviewState } from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../commands/run-command';
import type { AppContext } from '../../http/context';
import { loadProduct } from '../products';
import { authorProfile, hasScanned } from '@labelwise/projections/queries';
import { reviewIdFor } from './review-id';

/** Read models the product page reads right after a review or a vote. */
export const REVIEW_READ_MODELS: readonly ProjectionName[] = ['reviews', 'product_ratings'];

export interface ReviewInput {
  productId: number;
  rating: number;
  title: string | null;
  comment: string;
  /** What the client claims; ignored: a purchase is verified when the author scanned the product. */
  isVerifiedPurchase?: boolean;
}

const SUSPENDED = () =>
  new DomainError(
    'forbidden',
    'USER_SUSPENDED',
    'Your account is suspended, so you cannot post reviews or votes.',
  );

/** Posts the user's review of a product, or revises it if they already posted one. */
export async function writeReview(
  ctx: AppContext,
  uid: string,
  input: ReviewInput,
): Promise<{ posted: boolean; review: ReviewResponse }> {
  const [author, product, scanned] = await Promise.all([
    authorProfile(ctx.db, uid),
    loadProduct(ctx, input.productId),
    hasScanned(ctx.db, uid, input.productId),
  ]);
  if (author.suspended) throw SUSPENDED();
  if (!isAvailableTo(product, uid)) throw productNotFound();
  const reviewId = reviewIdFor(input.productId, uid);
  const now = ctx.clock();
  const { events, state } = await runCommand(ctx, {
    decider: reviewDecider,
    stream: streams.review(reviewId),
    command: {
      type: 'WriteReview',
      reviewId,
      authorUid: uid,
      username: author.username,
      at: now.toISOString(),
      productId: input.productId,
      rating: input.rating,
      title: input.title,
      comment: input.comment,
      isVerifiedPurchase: scanned,
    },
    actor: uid,
    readModels: REVIEW_READ_MODELS,
    now,
  });
  return { posted: events[0]?.type === 'ReviewPosted', review: reviewAfterWrite(state) };
}

/** Records the user's helpful / unhelpful vote on someone else's review (replacing an earlier one). */
export async function voteOnReview(
  ctx: AppContext,
  uid: string,
  reviewId: string,
  helpful: boolean,
): Promise<ReviewResponse> {
  if ((await authorProfile(ctx.db, uid)).suspended) throw SUSPENDED();
  const { state } = await runCommand(ctx, {
    decider: reviewDecider,
    stream: streams.review(reviewId),
    command: { type: 'Vote', voterUid: uid, helpful },
    actor: uid,
    readModels: REVIEW_READ_MODELS,
  });
  return reviewAfterWrite(state);
}

/** The review as the command left it: complete even when the read models lag behind the bounded wait. */
function reviewAfterWrite(review: ReviewState): ReviewResponse {
  if (review.status === 'absent') throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND_MESSAGE);
  return reviewView(review, countVotes(review.votes));
}
