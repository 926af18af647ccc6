import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@labelwise/domain/contracts';
import { parsed } from '../../../shared/api/contracts';
import { getJson } from '../../../shared/api/http-client';

export const SUBSCRIPTION_PATH = '/api/subscription';

export type SubscriptionStatus = SubscriptionResponse;

export const parseSubscription = (answer: Promise<unknown>) => parsed((c) => c.subscriptionResponse, answer);

export const subscriptionQuery = (uid: string | null) =>
  queryOptions({
    queryKey: [SUBSCRIPTION_PATH, uid],
    queryFn: async () => parseSubscription(getJson(SUBSCRIPTION_PATH)),
    enabled: uid !== null,
  });

/** The signed-in user's Premium subscription, if any. */
export const useSubscription = (uid: string | null) => useQuery(subscriptionQuery(uid));
