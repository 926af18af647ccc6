import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const USER_FAVOURITES_PATH = '/api/user/favourites';

export const userFavouritesQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [USER_FAVOURITES_PATH, uid],
    queryFn: async () => parsed((c) => c.productCardListResponse, getJson(USER_FAVOURITES_PATH)),
    enabled: uid !== null,
  });

/** The products the signed-in user recommends in their reviews, newest review first (disabled for guests). */
export const useUserFavourites = (uid: string | null) => useQuery(userFavouritesQuery(uid));
