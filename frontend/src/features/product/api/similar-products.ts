import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/http-client';
import { productCardListSchema } from '../../../shared/api/schemas';

const similarPath = (productId: number) => `/api/alternatives/${productId}`;

export const fetchSimilarProducts = async (productId: number) =>
  productCardListSchema.parse(await getJson(similarPath(productId)));

export const similarProductsQuery = (productId: number) =>
  queryOptions({ queryKey: [similarPath(productId)], queryFn: () => fetchSimilarProducts(productId) });

export const useSimilarProducts = (productId: number) => useQuery(similarProductsQuery(productId));
