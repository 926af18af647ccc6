import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from '../../../shared/api/contracts';
import { requestHeaders } from '../../../shared/api/http-client';

const SEARCH_PATH = '/api/products/search';

/** An array of products, matches before near matches; a non-OK answer throws 'Search failed'. */
export async function searchProducts(term: string) {
  const response = await fetch(`${SEARCH_PATH}?q=${encodeURIComponent(term)}`, {
    credentials: 'include',
    headers: await requestHeaders(),
  });
  if (!response.ok) throw new Error('Search failed');
  return parsed((c) => c.searchHitListResponse, response.json());
}

/** The search runs only when the term is non-empty. */
export const searchProductsQuery = (term: string) =>
  queryOptions({
    queryKey: [SEARCH_PATH, term],
    queryFn: () => searchProducts(term),
    enabled: term.length > 0,
  });

export const useSearchProducts = (term: string) => useQuery(searchProductsQuery(term));
