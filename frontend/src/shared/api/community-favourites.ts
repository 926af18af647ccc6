import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityFavouriteResponse } from '@labelwise/domain/contracts';
import { parsed } from './contracts';
import { getJson } from './http-client';

export type CommunityFavourite = CommunityFavouriteResponse;

const FAVOURITES_PATH = '/api/community/favourites';

/** recommended: most 4-5 star reviews; top-rated: best average stars; trending: most scanned this month. */
export type FavouriteOrder = 'recommended' | 'top-rated' | 'trending';

const favouritesUrl = (order: FavouriteOrder, limit: number) =>
  `${FAVOURITES_PATH}?${new URLSearchParams({ order, limit: String(limit) })}`;

/** Green products the community favours, ranked by `order`. */
export const communityFavouritesQuery = (order: FavouriteOrder = 'recommended', limit = 3) =>
  queryOptions({
    queryKey: [FAVOURITES_PATH, order, limit],
    queryFn: async () =>
      parsed((c) => c.communityFavouriteListResponse, getJson(favouritesUrl(order, limit))),
  });

export const useCommunityFavourites = (order?: FavouriteOrder, limit?: number) =>
  useQuery(communityFavouritesQuery(order, limit));
