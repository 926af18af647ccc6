import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { USER_PROFILE_PATH } from '../../../shared/api/user-profile';
import { USER_STATS_PATH } from '../../../shared/api/user-stats';
import { SUBSCRIPTION_PATH } from './subscription';

/** Refetches everything that shows Premium status (profile, stats, subscription). */
export function useRefreshPremium() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [USER_PROFILE_PATH, USER_STATS_PATH, SUBSCRIPTION_PATH].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ).then(() => undefined),
    [queryClient],
  );
}
