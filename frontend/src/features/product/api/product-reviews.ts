import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getJson } from '../../../shared/api/http-client';

const reviewSchema = z.object({
  /** Opaque (a digest of product and author), as the API sends it. */
  id: z.string(),
  productId: z.number(),
  rating: z.number(),
  title: z.nullish(z.string()),
  comment: z.string(),
  username: z.nullish(z.string()),
  isVerifiedPurchase: z.catch(z.boolean(), false),
  createdAt: z.string(),
  helpfulVotes: z.catch(z.number(), 0),
  unhelpfulVotes: z.catch(z.number(), 0),
});
export type Review = z.infer<typeof reviewSchema>;

export const productReviewsPath = (productId: number) => `/api/reviews/product/${productId}`;

export const fetchProductReviews = async (productId: number) =>
  z.array(reviewSchema).parse(await getJson(productReviewsPath(productId)));

export const productReviewsQuery = (productId: number) =>
  queryOptions({ queryKey: [productReviewsPath(productId)], queryFn: () => fetchProductReviews(productId) });

export const useProductReviews = (productId: number) => useQuery(productReviewsQuery(productId));
