import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const USER_PREFERENCES_PATH = '/api/users/preferences';

export const fetchUserPreferences = async () =>
  parsed((c) => c.preferencesSchema, getJson(USER_PREFERENCES_PATH));

/** Only fetched when signed in; stale after 5 minutes, 2 retries. */
export const userPreferencesQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [USER_PREFERENCES_PATH, uid],
    queryFn: fetchUserPreferences,
    enabled: uid !== null,
    staleTime: 5 * 60 * 1000,
    retry: 2,
  });

export const useUserPreferences = (uid: string | null) => useQuery(userPreferencesQuery(uid));
