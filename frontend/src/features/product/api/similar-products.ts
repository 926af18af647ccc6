import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from '../../../shared/api/contracts';
import { getJson } from '../../../shared/api/http-client';

const similarPath = (productId: number) => `/api/alternatives/${productId}`;

export const fetchSimilarProducts = async (productId: number) =>
  parsed((c) => c.productCardListResponse, getJson(similarPath(productId)));

export const similarProductsQuery = (productId: number) =>
  queryOptions({ queryKey: [similarPath(productId)], queryFn: () => fetchSimilarProducts(productId) });

export const useSimilarProducts = (productId: number) => useQuery(similarProductsQuery(productId));
