import { z } from 'zod/mini';

export const paymentModeSchema = z.enum(['stripe', 'test']);

/** `GET /api/subscription` and `POST /api/subscription/cancel`. */
export const subscriptionResponse = z.object({
  mode: paymentModeSchema,
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
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** `POST /api/create-subscription`: the first payment's client secret for the payment form. */
export const pendingPaymentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  mode: paymentModeSchema,
});
export type PendingPaymentResponse = z.infer<typeof pendingPaymentResponse>;

/** `POST /api/verify-payment`. */
export const paymentVerificationResponse = z.object({
  status: z.enum(['active', 'pending', 'failed']),
  isPremium: z.boolean(),
});
export type PaymentVerificationResponse = z.infer<typeof paymentVerificationResponse>;
