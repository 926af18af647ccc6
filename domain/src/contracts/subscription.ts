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

/**
 * `POST /api/verify-payment`. `refunded`: the payment went through for an upgrade that was
 * replaced (or while Premium came from another), so it was refunded in full; `message` says so.
 */
export const paymentVerificationResponse = z.union([
  z.object({ status: z.enum(['active', 'pending', 'failed']), isPremium: z.boolean() }),
  z.object({ status: z.literal('refunded'), isPremium: z.boolean(), message: z.string() }),
]);
export type PaymentVerificationResponse = z.infer<typeof paymentVerificationResponse>;
