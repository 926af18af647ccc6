import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from '../../../shared/api/contracts';
import { getJson } from '../../../shared/api/http-client';

export const productPath = (id: number) => `/api/products/${id}`;

export const fetchProduct = async (id: number) => parsed((c) => c.productResponse, getJson(productPath(id)));

export const productQuery = (id: number) =>
  queryOptions({ queryKey: [productPath(id)], queryFn: () => fetchProduct(id), enabled: id > 0 });

export const useProduct = (id: number) => useQuery(productQuery(id));
