import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsed } from './contracts';
import { getJson } from './http-client';

export const CLEAN_ALTERNATIVES_PATH = '/api/community/clean-alternatives';

export const fetchCleanAlternatives = async () =>
  parsed((c) => c.productCardListResponse, getJson(CLEAN_ALTERNATIVES_PATH));

export const cleanAlternativesQuery = () =>
  queryOptions({ queryKey: [CLEAN_ALTERNATIVES_PATH], queryFn: fetchCleanAlternatives });

export const useCleanAlternatives = () => useQuery(cleanAlternativesQuery());
