import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const SCANNED_PRODUCTS_PATH = '/api/users/scanned-products';

export const fetchScannedProducts = async () =>
  parsed((c) => c.scannedProductListResponse, getJson(SCANNED_PRODUCTS_PATH));

/** The signed-in user's own scans (only fetched when signed in). */
export const scannedProductsQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [SCANNED_PRODUCTS_PATH, uid],
    queryFn: fetchScannedProducts,
    enabled: uid !== null,
  });

export const useScannedProducts = (uid: string | null) => useQuery(scannedProductsQuery(uid));
