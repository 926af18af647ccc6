import { queryOptions, useQuery } from '@tanstack/react-query';
import { productCardListResponse } from '@labelwise/domain/contracts/products';
import { getJson } from '../../../shared/api/http-client';

const similarPath = (productId: number) => `/api/alternatives/${productId}`;

export const fetchSimilarProducts = async (productId: number) =>
  productCardListResponse.parse(await getJson(similarPath(productId)));

export const similarProductsQuery = (productId: number) =>
  queryOptions({ queryKey: [similarPath(productId)], queryFn: () => fetchSimilarProducts(productId) });

export const useSimilarProducts = (productId: number) => useQuery(similarProductsQuery(productId));
