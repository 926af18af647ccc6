import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { sendJson } from '../../../shared/api/http-client';
import type { Plan } from '../plans';

const pendingPaymentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  mode: z.enum(['stripe', 'test']),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;

export const createSubscription = async (plan: Plan) =>
  pendingPaymentSchema.parse(await sendJson('POST', '/api/create-subscription', { plan }));

/** Starts a subscription; its first payment's client secret goes to the payment form. */
export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
