import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../shared/api/http-client';
import { parseSubscription } from './subscription';
import { useRefreshPremium } from './refresh-premium';

/** Cancels at the end of the billing period (no partial refunds); Premium lasts until then. */
export function useCancelSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: async (_: void, action) =>
      parseSubscription(sendJson('POST', '/api/subscription/cancel', undefined, action)),
    onSuccess: refresh,
  });
}
