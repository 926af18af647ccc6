import { onlineManager, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './http-client';

/** The default data fetch: GET on the first element of the query key, parsed as JSON. */
export const fetchFirstKey: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/** Never refetch automatically or on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  // The online state otherwise starts as online and only follows events: an app opened offline
  // must start with requests and saves waiting for the network.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchFirstKey,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
