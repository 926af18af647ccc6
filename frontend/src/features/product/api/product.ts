import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/http-client';
import { productSchema } from '../../../shared/api/schemas';

export const productPath = (id: number) => `/api/products/${id}`;

export const fetchProduct = async (id: number) => productSchema.parse(await getJson(productPath(id)));

export const productQuery = (id: number) =>
  queryOptions({ queryKey: [productPath(id)], queryFn: () => fetchProduct(id), enabled: id > 0 });

export const useProduct = (id: number) => useQuery(productQuery(id));
