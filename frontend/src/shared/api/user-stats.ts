import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http-client';
import { userStatsSchema } from './schemas';

export const USER_STATS_PATH = '/api/user-stats';

export const fetchUserStats = async () => userStatsSchema.parse(await getJson(USER_STATS_PATH));

export const userStatsQuery = (uid: string | null) =>
  queryOptions({ queryKey: [USER_STATS_PATH, uid], queryFn: fetchUserStats, enabled: uid !== null });

/** Monthly scan usage of the signed-in user (disabled for guests). */
export const useUserStats = (uid: string | null) => useQuery(userStatsQuery(uid));
