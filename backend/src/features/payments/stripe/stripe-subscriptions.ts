import type Stripe from 'stripe';
import type { Plan } from '@labelwise/domain';
import type { OpenSubscription, PendingSubscription } from '../port';
import { customerIdOf, type PaymentDb } from '../tables';
import { calling, unavailable } from './stripe-calls';
import { customerFor } from './stripe-customers';
import { ownerSchema } from './stripe-events';

/** Statuses of a subscription Stripe no longer bills. */
const OVER = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

/** A subscription on the plan's price whose first invoice waits for Stripe.js to pay it. */
export async function createStripeSubscription(
  stripe: Stripe,
  db: PaymentDb,
  prices: Record<Plan, string>,
  { uid, email }: { uid: string; email: string | null },
  plan: Plan,
  requestId: string,
): Promise<PendingSubscription> {
  const customer = await customerFor(stripe, db, uid, email);
  // Stripe answers a repeated key with the first call's subscription: one per request.
  const subscription = await calling(() =>
    stripe.subscriptions.create(
      {
        customer,
        items: [{ price: prices[plan] }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { uid, plan, requestId },
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `labelwise-subscription-${requestId}` },
    ),
  );
  const invoice = subscription.latest_invoice;
  const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
  if (!clientSecret) throw unavailable();
  // A PaymentIntent's client secret is `{id}_secret_{random}`.
  return {
    subscriptionId: subscription.id,
    paymentIntentId: clientSecret.split('_secret_')[0]!,
    clientSecret,
  };
}

/** The user's subscriptions Stripe may still bill. */
export async function openStripeSubscriptions(
  stripe: Stripe,
  db: PaymentDb,
  uid: string,
): Promise<OpenSubscription[]> {
  const customer = await customerIdOf(db, uid);
  if (!customer) return [];
  const subscriptions = await calling(() =>
    stripe.subscriptions.list({ customer, status: 'all', limit: 100 }).autoPagingToArray({ limit: 10_000 }),
  );
  return subscriptions
    .filter((subscription) => !OVER.has(subscription.status))
    .map((subscription) => ({
      subscriptionId: subscription.id,
      requestId: ownerSchema.safeParse(subscription.metadata).data?.requestId ?? null,
    }));
}
