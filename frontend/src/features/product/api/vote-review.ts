import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../shared/api/http-client';
import type { UserAction } from '../../../shared/api/user-action';
import { productReviewsPath } from './product-reviews';

export interface ReviewVote {
  reviewId: string;
  productId: number;
  helpful: boolean;
}

export const voteReview = ({ reviewId, helpful }: ReviewVote, action?: UserAction) =>
  sendJson('POST', `/api/reviews/${reviewId}/vote`, { helpful }, action);

export function useVoteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteReview,
    onSuccess: (_result, vote) =>
      queryClient.invalidateQueries({ queryKey: [productReviewsPath(vote.productId)] }),
  });
}
