import { queryOptions, useQuery } from '@tanstack/react-query';
import { scannedProductListResponse } from '@labelwise/domain/contracts/products';
import { getJson } from './http-client';

export const RECENTLY_SCANNED_PATH = '/api/recently-scanned';

export const fetchRecentlyScanned = async () =>
  scannedProductListResponse.parse(await getJson(RECENTLY_SCANNED_PATH));

/** Spec §7: community-wide recent scans; one retry, no refetch on window focus. */
export const recentlyScannedQuery = () =>
  queryOptions({ queryKey: [RECENTLY_SCANNED_PATH], queryFn: fetchRecentlyScanned, retry: 1 });

export const useRecentlyScanned = () => useQuery(recentlyScannedQuery());
