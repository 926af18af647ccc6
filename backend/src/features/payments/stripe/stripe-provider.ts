import Stripe from 'stripe';
import type { Plan } from '@labelwise/domain';
import type { PaymentProvider, SubscriptionChange } from '../port';
import type { PaymentDb } from '../tables';
import { calling, done } from './stripe-calls';
import { deleteStripeCustomer } from './stripe-customers';
import { changeFromEvent } from './stripe-events';
import { checkStripePayment, refundStripeInvoice } from './stripe-payments';
import { createStripeSubscription, openStripeSubscriptions } from './stripe-subscriptions';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: Record<Plan, string>;
  /** SDK options; tests point `host`/`port`/`protocol` at a local double of the Stripe API. */
  client?: Stripe.StripeConfig;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly mode: 'stripe';
  /** Verifies a webhook's signature (throws on a bad one) and says what it means for a subscription. */
  readWebhook(rawBody: Buffer, signature: string): { eventId: string; change: SubscriptionChange | null };
}

/**
 * Stripe Billing: one customer per user, subscriptions on the configured prices with the
 * first invoice left incomplete for Stripe.js to pay, and signed webhooks as the source of
 * truth: `invoice.paid` activates, `customer.subscription.updated` renews into the next period
 * or records a pending cancellation, `customer.subscription.deleted` expires.
 */
export function createStripeProvider(settings: StripeSettings, db: PaymentDb): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...settings.client,
  });

  return {
    mode: 'stripe',
    createSubscription: (customer, plan, requestId) =>
      createStripeSubscription(stripe, db, settings.prices, customer, plan, requestId),
    checkPayment: (uid, paymentIntentId) => checkStripePayment(stripe, db, uid, paymentIntentId),

    async cancelAtPeriodEnd(subscriptionId) {
      await calling(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async cancelNow(subscriptionId) {
      // Stripe voids an incomplete subscription's open invoice (its PaymentIntent can no longer be
      // paid), and answers 404 for a subscription already cancelled.
      await calling(() =>
        stripe.subscriptions.cancel(subscriptionId).then(
          () => undefined,
          done((error) => error.statusCode === 404),
        ),
      );
    },

    refundInFull: (invoiceId) => refundStripeInvoice(stripe, invoiceId),
    openSubscriptions: (uid) => openStripeSubscriptions(stripe, db, uid),
    deleteCustomer: (uid) => deleteStripeCustomer(stripe, db, uid),

    async dueChanges() {
      return [];
    },

    readWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      return { eventId: event.id, change: changeFromEvent(event) };
    },
  };
}
