import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../shared/api/http-client';
import { productReviewsPath } from './product-reviews';

export interface NewReview {
  productId: number;
  rating: number;
  title: string | null;
  comment: string;
}

/** Spec §7: POST /api/reviews with isVerifiedPurchase true; the product's reviews refresh afterwards. */
export const postReview = (review: NewReview) =>
  sendJson('POST', '/api/reviews', { ...review, isVerifiedPurchase: true });

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: (_result, review) =>
      queryClient.invalidateQueries({ queryKey: [productReviewsPath(review.productId)] }),
  });
}
