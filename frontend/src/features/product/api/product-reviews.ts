import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewResponse } from '@labelwise/domain/contracts';
import { parsed } from '../../../shared/api/contracts';
import { getJson } from '../../../shared/api/http-client';

export type Review = ReviewResponse;

export const productReviewsPath = (productId: number) => `/api/reviews/product/${productId}`;

export const fetchProductReviews = async (productId: number) =>
  parsed((c) => c.reviewListResponse, getJson(productReviewsPath(productId)));

export const productReviewsQuery = (productId: number) =>
  queryOptions({ queryKey: [productReviewsPath(productId)], queryFn: () => fetchProductReviews(productId) });

export const useProductReviews = (productId: number) => useQuery(productReviewsQuery(productId));
