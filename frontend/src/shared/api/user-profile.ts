import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http-client';
import { userProfileSchema } from './schemas';

export const USER_PROFILE_PATH = '/api/user/profile';

export const fetchUserProfile = async () => userProfileSchema.parse(await getJson(USER_PROFILE_PATH));

export const userProfileQuery = (uid: string | null) =>
  queryOptions({ queryKey: [USER_PROFILE_PATH, uid], queryFn: fetchUserProfile, enabled: uid !== null });

export const useUserProfile = (uid: string | null) => useQuery(userProfileQuery(uid));
