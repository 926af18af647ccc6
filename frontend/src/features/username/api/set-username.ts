import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parsed } from '../../../shared/api/contracts';
import { sendJson } from '../../../shared/api/http-client';
import { userProfileQuery } from '../../../shared/api/user-profile';
import type { UserAction } from '../../../shared/api/user-action';

export const SET_USERNAME_PATH = '/api/user/username';

/** `PATCH /api/user/username {username}`; answers the updated profile. */
export const setUsername = async (username: string, action?: UserAction) =>
  parsed((c) => c.userProfileResponse, sendJson('PATCH', SET_USERNAME_PATH, { username }, action));

export function useSetUsername(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsername,
    onSuccess: (profile) => queryClient.setQueryData(userProfileQuery(uid).queryKey, profile),
  });
}
