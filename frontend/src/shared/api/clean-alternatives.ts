import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http-client';
import { productCardListSchema } from './schemas';

export const CLEAN_ALTERNATIVES_PATH = '/api/community/clean-alternatives';

export const fetchCleanAlternatives = async () =>
  productCardListSchema.parse(await getJson(CLEAN_ALTERNATIVES_PATH));

export const cleanAlternativesQuery = () =>
  queryOptions({ queryKey: [CLEAN_ALTERNATIVES_PATH], queryFn: fetchCleanAlternatives });

export const useCleanAlternatives = () => useQuery(cleanAlternativesQuery());
