import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadRuntimeConfig } from '../../../shared/api/runtime-config';

/** Payment mode (Stripe Elements with its publishable key, or local test mode) and the free scan limit. */
export const runtimeConfigQuery = () =>
  queryOptions({ queryKey: ['runtime-config'], queryFn: loadRuntimeConfig });

export const useRuntimeConfig = () => useQuery(runtimeConfigQuery());
