import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getJson } from '../../../shared/api/http-client';
import { ratingValueSchema } from '../../../shared/api/schemas';

const favouriteSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.nullish(z.string()),
  rating: ratingValueSchema,
});
export type CommunityFavourite = z.infer<typeof favouriteSchema>;

const FAVOURITES_PATH = '/api/community/favourites';

export const fetchCommunityFavourites = async () =>
  z.array(favouriteSchema).parse(await getJson(FAVOURITES_PATH));

/** Green products ranked by recommendations. */
export const communityFavouritesQuery = () =>
  queryOptions({ queryKey: [FAVOURITES_PATH], queryFn: fetchCommunityFavourites });

export const useCommunityFavourites = () => useQuery(communityFavouritesQuery());
