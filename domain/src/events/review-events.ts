import { z } from 'zod';
import { isoTimestamp, productId } from './metadata';

const reviewBody = {
  rating: z.number().int().min(1).max(5),
  title: z.string().max(100).nullable(),
  comment: z.string().min(1).max(1000),
};

export const reviewEvents = {
  ReviewPosted: z.object({
    reviewId: z.string(),
    productId,
    authorUid: z.string(),
    username: z.string(),
    isVerifiedPurchase: z.boolean(),
    postedAt: isoTimestamp,
    ...reviewBody,
  }),
  ReviewRevised: z.object({ reviewId: z.string(), revisedAt: isoTimestamp, ...reviewBody }),
  ReviewVoted: z.object({ reviewId: z.string(), voterUid: z.string(), helpful: z.boolean() }),
  ReviewHidden: z.object({ reviewId: z.string(), reason: z.string() }),
  ReviewRestored: z.object({ reviewId: z.string() }),
  /** The author deleted their account: the review stays as "Anonymous User" (`keep`) or is removed. */
  ReviewAuthorErased: z.object({ reviewId: z.string(), keep: z.boolean() }),
} as const;
