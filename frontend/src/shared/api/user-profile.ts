import { queryOptions, useQuery } from '@tanstack/react-query';
import { userProfileResponse } from '@labelwise/domain/contracts/account';
import { getJson } from './http-client';

export const USER_PROFILE_PATH = '/api/user/profile';

export const fetchUserProfile = async () => userProfileResponse.parse(await getJson(USER_PROFILE_PATH));

export const userProfileQuery = (uid: string | null) =>
  queryOptions({ queryKey: [USER_PROFILE_PATH, uid], queryFn: fetchUserProfile, enabled: uid !== null });

export const useUserProfile = (uid: string | null) => useQuery(userProfileQuery(uid));
