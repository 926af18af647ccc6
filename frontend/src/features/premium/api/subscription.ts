import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getJson } from '../../../shared/api/http-client';

export const SUBSCRIPTION_PATH = '/api/subscription';

const subscriptionSchema = z.object({
  mode: z.enum(['stripe', 'test']),
  isPremium: z.boolean(),
  subscription: z.nullable(
    z.object({
      plan: z.enum(['monthly', 'yearly']),
      provider: z.string(),
      status: z.enum(['active', 'cancelled']),
      periodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
    }),
  ),
});
export type SubscriptionStatus = z.infer<typeof subscriptionSchema>;

export const parseSubscription = (body: unknown) => subscriptionSchema.parse(body);

export const subscriptionQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [SUBSCRIPTION_PATH, uid],
    queryFn: async () => parseSubscription(await getJson(SUBSCRIPTION_PATH)),
    enabled: uid !== null,
  });

/** The signed-in user's Premium subscription, if any. */
export const useSubscription = (uid: string | null) => useQuery(subscriptionQuery(uid));
