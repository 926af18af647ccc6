import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../shared/api/http-client';
import type { UserAction } from '../../../shared/api/user-action';
import { USER_ACTIVITY_PATH } from '../../../shared/api/user-activity';
import { USER_FAVOURITES_PATH } from '../../../shared/api/user-favourites';
import { productReviewsPath } from './product-reviews';

export interface NewReview {
  productId: number;
  rating: number;
  title: string | null;
  comment: string;
}

/**
 * `POST /api/reviews` with isVerifiedPurchase true (the server decides what it stores: the
 * author's own scan of the product); the product's reviews, the user's activity counts and their
 * favourites refresh afterwards.
 */
export const postReview = (review: NewReview, action?: UserAction) =>
  sendJson('POST', '/api/reviews', { ...review, isVerifiedPurchase: true }, action);

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: (_result, review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [productReviewsPath(review.productId)] }),
        queryClient.invalidateQueries({ queryKey: [USER_ACTIVITY_PATH] }),
        queryClient.invalidateQueries({ queryKey: [USER_FAVOURITES_PATH] }),
      ]),
  });
}
