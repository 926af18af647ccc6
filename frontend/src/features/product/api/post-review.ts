import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../shared/api/http-client';
import { USER_ACTIVITY_PATH } from '../../../shared/api/user-activity';
import { productReviewsPath } from './product-reviews';

export interface NewReview {
  productId: number;
  rating: number;
  title: string | null;
  comment: string;
}

/**
 * Spec §7: POST /api/reviews; the product's reviews and the user's activity counts refresh
 * afterwards. Nothing here knows whether the user bought the product, so the review does not
 * claim a verified purchase.
 */
export const postReview = (review: NewReview) =>
  sendJson('POST', '/api/reviews', { ...review, isVerifiedPurchase: false });

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: (_result, review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [productReviewsPath(review.productId)] }),
        queryClient.invalidateQueries({ queryKey: [USER_ACTIVITY_PATH] }),
      ]),
  });
}
