import { queryOptions, useQuery } from '@tanstack/react-query';
import { userStatsResponse } from '@labelwise/domain/contracts/account';
import { getJson } from './http-client';

export const USER_STATS_PATH = '/api/user-stats';

export const fetchUserStats = async () => userStatsResponse.parse(await getJson(USER_STATS_PATH));

export const userStatsQuery = (uid: string | null) =>
  queryOptions({ queryKey: [USER_STATS_PATH, uid], queryFn: fetchUserStats, enabled: uid !== null });

/** Monthly scan usage of the signed-in user (disabled for guests). */
export const useUserStats = (uid: string | null) => useQuery(userStatsQuery(uid));
