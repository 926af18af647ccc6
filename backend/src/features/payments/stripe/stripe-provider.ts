import Stripe from 'stripe';
import { z } from 'zod';
import { DomainError, notFound, planSchema, type Plan } from '@labelwise/domain';
import type {
  ActivatedChange,
  PaymentCheck,
  PaymentProvider,
  PendingSubscription,
  SubscriptionChange,
} from '../port';
import { customerIdOf, type PaymentDb } from '../tables';

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
 * What we put on every subscription we create, so invoices and webhooks say whose it is and
 * which membership request it answers (absent on subscriptions created before it was put there).
 */
const ownerSchema = z.object({ uid: z.string().min(1), plan: planSchema, requestId: z.string().optional() });

/** Statuses of a subscription Stripe no longer bills. */
const OVER = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

const unavailable = () =>
  new DomainError(
    'unavailable',
    'PAYMENTS_UNAVAILABLE',
    'The payment service is unavailable. Please try again shortly.',
  );

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** A Stripe error that means the work is already done: the call is not repeated. */
const done =
  (test: (error: InstanceType<typeof Stripe.errors.StripeError>) => boolean) => (error: unknown) => {
    if (error instanceof Stripe.errors.StripeError && test(error)) return;
    throw error;
  };

/** Stripe errors become domain errors: a missing object is ours to 404, anything else is the provider failing. */
async function calling<T>(run: () => Promise<T>, missing: () => DomainError = unavailable): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) throw missing();
    throw Object.assign(unavailable(), { cause: error });
  }
}

/** The SubscriptionActivated a paid subscription invoice stands for (webhook and verify-payment alike). */
function activationFromInvoice(invoice: Stripe.Invoice): ActivatedChange | null {
  const details = invoice.parent?.subscription_details;
  const owner = ownerSchema.safeParse(details?.metadata ?? {});
  if (!details || !owner.success || !invoice.id) return null;
  const periodEnd = Math.max(...invoice.lines.data.map((line) => line.period.end));
  if (!Number.isFinite(periodEnd)) return null;
  return {
    type: 'activated',
    uid: owner.data.uid,
    plan: owner.data.plan,
    provider: 'stripe',
    subscriptionId: idOf(details.subscription),
    requestId: owner.data.requestId ?? null,
    paymentId: invoice.id,
    periodEnd: new Date(periodEnd * 1000),
  };
}

function periodEndOf(subscription: Stripe.Subscription): Date {
  return new Date(Math.max(...subscription.items.data.map((item) => item.current_period_end)) * 1000);
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

  const knownCustomer = (uid: string) => customerIdOf(db, uid);

  async function customerFor(uid: string, email: string | null): Promise<string> {
    const known = await knownCustomer(uid);
    if (known) return known;
    // The idempotency key makes concurrent first upgrades of one user create one customer.
    const customer = await calling(() =>
      stripe.customers.create(
        { email: email ?? undefined, metadata: { uid } },
        { idempotencyKey: `labelwise-customer-${uid}` },
      ),
    );
    await db
      .insertInto('payment_customers')
      .values({ uid, customer_id: customer.id })
      .onConflict((oc) => oc.column('uid').doNothing())
      .execute();
    return (await knownCustomer(uid))!;
  }

  const paymentNotFound = () => notFound('PAYMENT_NOT_FOUND', 'No such payment.');

  return {
    mode: 'stripe',

    async createSubscription({ uid, email }, plan, requestId): Promise<PendingSubscription> {
      const customer = await customerFor(uid, email);
      // Stripe answers a repeated key with the first call's subscription: one per request.
      const subscription = await calling(() =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price: settings.prices[plan] }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { uid, plan, requestId },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: `labelwise-subscription-${requestId}` },
        ),
      );
      const invoice = subscription.latest_invoice;
      const clientSecret =
        typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
      if (!clientSecret) throw unavailable();
      // A PaymentIntent's client secret is `{id}_secret_{random}`.
      return {
        subscriptionId: subscription.id,
        paymentIntentId: clientSecret.split('_secret_')[0]!,
        clientSecret,
      };
    },

    async checkPayment(uid, paymentIntentId): Promise<PaymentCheck> {
      const customer = await knownCustomer(uid);
      if (!customer) throw paymentNotFound();
      const intent = await calling(
        () => stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
        paymentNotFound,
      );
      if (!intent.customer || idOf(intent.customer) !== customer) throw paymentNotFound();

      switch (intent.status) {
        case 'succeeded': {
          const payments = await calling(() =>
            stripe.invoicePayments.list({
              payment: { type: 'payment_intent', payment_intent: paymentIntentId },
              expand: ['data.invoice'],
              limit: 1,
            }),
          );
          const invoice = payments.data[0]?.invoice;
          const paid = invoice && typeof invoice === 'object' && !('deleted' in invoice) ? invoice : null;
          const charge = intent.latest_charge;
          return {
            status: 'succeeded',
            activation: paid ? activationFromInvoice(paid) : null,
            refunded: typeof charge === 'object' && charge !== null && charge.amount_refunded > 0,
          };
        }
        case 'canceled':
          return { status: 'failed', message: 'The payment was cancelled.' };
        case 'requires_payment_method':
          return intent.last_payment_error?.message
            ? { status: 'failed', message: intent.last_payment_error.message }
            : { status: 'pending' };
        default:
          return { status: 'pending' };
      }
    },

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

    async refundInFull(invoiceId) {
      const payments = await calling(() =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
      );
      const intent = payments.data[0]?.payment.payment_intent;
      if (!intent) throw unavailable();
      // The key makes concurrent and repeated reports refund once; after Stripe forgets it (24 h),
      // Stripe itself refuses to refund a charge twice.
      await calling(() =>
        stripe.refunds
          .create(
            { payment_intent: idOf(intent), reason: 'duplicate', metadata: { invoice: invoiceId } },
            { idempotencyKey: `labelwise-refund-${invoiceId}` },
          )
          .then(
            () => undefined,
            done((error) => error.code === 'charge_already_refunded'),
          ),
      );
    },

    async openSubscriptions(uid) {
      const customer = await knownCustomer(uid);
      if (!customer) return [];
      const subscriptions = await calling(() =>
        stripe.subscriptions
          .list({ customer, status: 'all', limit: 100 })
          .autoPagingToArray({ limit: 10_000 }),
      );
      return subscriptions
        .filter((subscription) => !OVER.has(subscription.status))
        .map((subscription) => ({
          subscriptionId: subscription.id,
          requestId: ownerSchema.safeParse(subscription.metadata).data?.requestId ?? null,
        }));
    },

    async deleteCustomer(uid) {
      const customer = await knownCustomer(uid);
      if (!customer) return;
      // Stripe answers 404 resource_missing for a customer already deleted (a retry after a crash).
      await calling(() =>
        stripe.customers.del(customer).then(
          () => undefined,
          done((error) => error.code === 'resource_missing'),
        ),
      );
      await db.deleteFrom('payment_customers').where('uid', '=', uid).execute();
    },

    async dueChanges() {
      return [];
    },

    readWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      return { eventId: event.id, change: changeFromEvent(event) };
    },
  };
}

function changeFromEvent(event: Stripe.Event): SubscriptionChange | null {
  switch (event.type) {
    case 'invoice.paid':
      return activationFromInvoice(event.data.object);
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const owner = ownerSchema.safeParse(subscription.metadata);
      if (!owner.success) return null;
      const { uid, plan, requestId = null } = owner.data;
      if (subscription.cancel_at_period_end) {
        return {
          type: 'cancelled',
          uid,
          subscriptionId: subscription.id,
          effectiveAt: periodEndOf(subscription),
        };
      }
      // Renewal: Stripe moves an active subscription into its next period before the renewal
      // invoice is paid; access continues meanwhile (a renewal that finally fails ends in
      // customer.subscription.deleted). The first activation is left to invoice.paid.
      if (subscription.status !== 'active' || event.data.previous_attributes?.status === 'incomplete')
        return null;
      return {
        type: 'activated',
        uid,
        plan,
        provider: 'stripe',
        subscriptionId: subscription.id,
        requestId,
        paymentId: null,
        periodEnd: periodEndOf(subscription),
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const owner = ownerSchema.safeParse(subscription.metadata);
      if (!owner.success) return null;
      return { type: 'expired', uid: owner.data.uid, subscriptionId: subscription.id };
    }
    default:
      return null;
  }
}
