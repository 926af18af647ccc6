import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const USER_STATS_PATH = '/api/user-stats';

export const fetchUserStats = async () => parsed((c) => c.userStatsResponse, getJson(USER_STATS_PATH));

export const userStatsQuery = (uid: string | null) =>
  queryOptions({ queryKey: [USER_STATS_PATH, uid], queryFn: fetchUserStats, enabled: uid !== null });

/** Monthly scan usage of the signed-in user (disabled for guests). */
export const useUserStats = (uid: string | null) => useQuery(userStatsQuery(uid));
