import { z } from 'zod/mini';

/** A review: `GET /api/reviews/product/:id`, `POST /api/reviews`, the vote endpoints. */
export const reviewResponse = z.object({
  /** Opaque (a digest of product and author), as the API sends it. */
  id: z.string(),
  productId: z.number(),
  rating: z.number(),
  title: z.nullable(z.string()),
  comment: z.string(),
  username: z.string(),
  isVerifiedPurchase: z.catch(z.boolean(), false),
  createdAt: z.string(),
  helpfulVotes: z.catch(z.number(), 0),
  unhelpfulVotes: z.catch(z.number(), 0),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;
export const reviewListResponse = z.array(reviewResponse);
