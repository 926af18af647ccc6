import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  communityFavouriteListResponse,
  type CommunityFavouriteResponse,
} from '@labelwise/domain/contracts/products';
import { getJson } from '../../../shared/api/http-client';

export type CommunityFavourite = CommunityFavouriteResponse;

const FAVOURITES_PATH = '/api/community/favourites';

export const fetchCommunityFavourites = async () =>
  communityFavouriteListResponse.parse(await getJson(FAVOURITES_PATH));

/** Green products ranked by recommendations. */
export const communityFavouritesQuery = () =>
  queryOptions({ queryKey: [FAVOURITES_PATH], queryFn: fetchCommunityFavourites });

export const useCommunityFavourites = () => useQuery(communityFavouritesQuery());
