import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewListResponse, type ReviewResponse } from '@labelwise/domain/contracts/reviews';
import { getJson } from '../../../shared/api/http-client';

export type Review = ReviewResponse;

export const productReviewsPath = (productId: number) => `/api/reviews/product/${productId}`;

export const fetchProductReviews = async (productId: number) =>
  reviewListResponse.parse(await getJson(productReviewsPath(productId)));

export const productReviewsQuery = (productId: number) =>
  queryOptions({ queryKey: [productReviewsPath(productId)], queryFn: () => fetchProductReviews(productId) });

export const useProductReviews = (productId: number) => useQuery(productReviewsQuery(productId));
