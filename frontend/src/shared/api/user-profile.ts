import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const USER_PROFILE_PATH = '/api/user/profile';

export const fetchUserProfile = async () => parsed((c) => c.userProfileResponse, getJson(USER_PROFILE_PATH));

export const userProfileQuery = (uid: string | null) =>
  queryOptions({ queryKey: [USER_PROFILE_PATH, uid], queryFn: fetchUserProfile, enabled: uid !== null });

export const useUserProfile = (uid: string | null) => useQuery(userProfileQuery(uid));
