import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const USER_ACTIVITY_PATH = '/api/user/activity';

export const userActivityQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [USER_ACTIVITY_PATH, uid],
    queryFn: async () => parsed((c) => c.userActivityResponse, getJson(USER_ACTIVITY_PATH)),
    enabled: uid !== null,
  });

/** The signed-in user's review and favourite counts (disabled for guests). */
export const useUserActivity = (uid: string | null) => useQuery(userActivityQuery(uid));
