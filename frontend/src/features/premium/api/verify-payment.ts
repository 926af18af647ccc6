import { z } from 'zod/mini';
import { sendJson } from '../../../shared/api/http-client';

const verificationSchema = z.object({
  status: z.enum(['active', 'pending', 'failed']),
  isPremium: z.boolean(),
});

/** Asks the server to check a payment with the provider (activating Premium if the webhook has not yet). */
export const verifyPayment = async (paymentIntentId: string) =>
  verificationSchema.parse(await sendJson('POST', '/api/verify-payment', { paymentIntentId }));
