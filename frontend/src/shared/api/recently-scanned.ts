import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const RECENTLY_SCANNED_PATH = '/api/recently-scanned';

export const fetchRecentlyScanned = async () =>
  parsed((c) => c.scannedProductListResponse, getJson(RECENTLY_SCANNED_PATH));

/** Community-wide recent scans; one retry, no refetch on window focus. */
export const recentlyScannedQuery = () =>
  queryOptions({ queryKey: [RECENTLY_SCANNED_PATH], queryFn: fetchRecentlyScanned, retry: 1 });

export const useRecentlyScanned = () => useQuery(recentlyScannedQuery());
