import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http-client';
import { productCardListSchema } from './schemas';

export const RECENTLY_SCANNED_PATH = '/api/recently-scanned';

export const fetchRecentlyScanned = async () =>
  productCardListSchema.parse(await getJson(RECENTLY_SCANNED_PATH));

/** Spec §7: community-wide recent scans; one retry, no refetch on window focus. */
export const recentlyScannedQuery = () =>
  queryOptions({ queryKey: [RECENTLY_SCANNED_PATH], queryFn: fetchRecentlyScanned, retry: 1 });

export const useRecentlyScanned = () => useQuery(recentlyScannedQuery());
