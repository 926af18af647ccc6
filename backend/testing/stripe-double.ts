import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API endpoints the Stripe adapter calls (and the one Stripe.js
 * calls to pay), for tests that drive the real `stripe` SDK (pointed here with its
 * `host`/`port`/`protocol` options). Objects have the 2025 API shape: invoices carry
 * `parent.subscription_details` and `confirmation_secret`, subscription items carry the current
 * period, a PaymentIntent's money is on its `latest_charge`. Its records follow Stripe's: a
 * cancelled incomplete subscription voids its invoice and cancels its PaymentIntent, a refunded
 * payment stays `succeeded` with the refund on its charge. Once `sendWebhooksTo` is called, every
 * change Stripe would announce is POSTed there as a signed event, redelivered until answered 2xx
 * (at most 5 times here).
 */
export interface StripeDouble {
  port: number;
  /** Every request received, with its form or query parameters flattened (`items[0][price]`). */
  requests: Array<{ method: string; path: string; params: Record<string, string> }>;
  /** Events the webhook endpoint never answered 2xx (given up after 5 attempts). */
  undelivered: Array<{ type: string; objectId: string; status: number }>;
  sendWebhooksTo(url: string, secret: string): void;
  /** Resolves once every webhook sent so far has been answered (or given up on). */
  webhooksDelivered(): Promise<void>;
  /**
   * What Stripe does when Stripe.js confirms the first invoice's PaymentIntent with a good card,
   * without announcing it (tests deliver the webhooks themselves).
   */
  pay(paymentIntentId: string): { invoice: Invoice; subscription: Subscription };
  /** Stripe announces a payment's invoice.paid now (a late or repeated delivery): the same event `times` times at once. */
  announcePaid(paymentIntentId: string, times: number): void;
  /** Stripe's renewal, unannounced: the subscription moves into its next period and the renewal invoice is paid. */
  renew(subscriptionId: string): { invoice: Invoice; subscription: Subscription };
  /** Stripe at the end of every current period of a customer, announced: renewals are charged, cancellations end. */
  endPeriods(customerId: string): void;
  /** A card decline on the PaymentIntent. */
  decline(paymentIntentId: string, message: string): void;
  /**
   * Stripe failing (500 `api_error`) every request `matching` says, until called again with null.
   */
  outage(matching: ((request: { method: string; path: string }) => boolean) | null): void;
  subscription(id: string): Subscription;
  /** The user's customer, while Stripe holds it (a deleted customer is gone). */
  customerOf(uid: string): string | undefined;
  /** A customer's records: its subscriptions and the payments (charges) taken. */
  records(customerId: string): { subscriptions: Subscription[]; charges: Charge[]; refunds: Refund[] };
  close(): Promise<void>;
}

interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  currency: 'gbp';
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: { object: 'list'; data: Array<{ id: string; period: { start: number; end: number } }> };
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
}

interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      price: { id: string };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
  latest_invoice: string;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  customer: string;
  amount: number;
  currency: 'gbp';
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  last_payment_error: { message: string } | null;
  latest_charge: string | null;
  invoice: string;
}

interface Charge {
  id: string;
  object: 'charge';
  customer: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

/** The prices the tests configure, as Stripe would have them. */
const PRICES: Record<string, { amount: number; days: number }> = {
  price_monthly: { amount: 499, days: 30 },
  price_yearly: { amount: 4799, days: 365 },
};
const DAY = 86_400;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const signer = new Stripe('sk_test_double_signer');

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
}

function prefixed(params: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );
}

const expands = (params: Record<string, string>, field: string) =>
  Object.values(prefixed(params, 'expand')).includes(field);

const list = (data: unknown[], url: string) => ({
  status: 200,
  body: { object: 'list', data, has_more: false, url },
});

const error = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

export async function startStripeDouble(options: { now: () => Date }): Promise<StripeDouble> {
  const customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }
  >();
  /** Stripe replays the first answer to a POST repeated with the same Idempotency-Key. */
  const answersByIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const requests: StripeDouble['requests'] = [];
  const undelivered: StripeDouble['undelivered'] = [];
  let webhookTarget: { url: string; secret: string } | null = null;
  let failing: Parameters<StripeDouble['outage']>[0] = null;
  const inFlight = new Set<Promise<void>>();

  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  const notFound = (kind: string, objectId: string) =>
    error(404, 'invalid_request_error', `No such ${kind}: '${objectId}'`, 'resource_missing');

  /** A signed event for the object as it is now, POSTed to the webhook endpoint until it answers 2xx. */
  function announce(type: string, object: { id: string }, previousAttributes?: unknown, times = 1) {
    if (!webhookTarget) return;
    const { url, secret } = webhookTarget;
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2025-10-29.clover',
      created: nowSeconds(),
      livemode: false,
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    });
    const deliver = async () => {
      let status = 0;
      for (let attempt = 0; attempt < 5; attempt++) {
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
        status = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 0,
        );
        if (status >= 200 && status < 300) return;
      }
      undelivered.push({ type, objectId: object.id, status });
    };
    for (let copy = 0; copy < times; copy++) {
      const delivery = deliver().finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
  }

  function newInvoice(
    subscription: Pick<Subscription, 'id' | 'customer' | 'metadata'>,
    period: { start: number; end: number },
    amount: number,
    billingReason: Invoice['billing_reason'],
  ): { invoice: Invoice; intent: PaymentIntent } {
    const intentId = id('pi');
    const clientSecret = `${intentId}_secret_${randomBytes(8).toString('hex')}`;
    const invoice: Invoice = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      billing_reason: billingReason,
      amount_due: amount,
      amount_paid: 0,
      currency: 'gbp',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: { object: 'list', data: [{ id: id('il'), period }] },
      confirmation_secret: { client_secret: clientSecret, type: 'payment_intent' },
    };
    const intent: PaymentIntent = {
      id: intentId,
      object: 'payment_intent',
      customer: subscription.customer,
      amount,
      currency: 'gbp',
      status: 'requires_payment_method',
      client_secret: clientSecret,
      last_payment_error: null,
      latest_charge: null,
      invoice: invoice.id,
    };
    invoices.set(invoice.id, invoice);
    intents.set(intent.id, intent);
    return { invoice, intent };
  }

  /** The card is charged: the PaymentIntent succeeds, its invoice is paid, an incomplete subscription starts. */
  function charge(intent: PaymentIntent) {
    const paid: Charge = {
      id: id('ch'),
      object: 'charge',
      customer: intent.customer,
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
    };
    charges.set(paid.id, paid);
    Object.assign(intent, { status: 'succeeded', last_payment_error: null, latest_charge: paid.id });
    const invoice = invoices.get(intent.invoice)!;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
    const previousStatus = subscription.status;
    if (previousStatus === 'incomplete') subscription.status = 'active';
    return { invoice, subscription, previousStatus };
  }

  function renewal(subscription: Subscription) {
    const item = subscription.items.data[0]!;
    const previous = structuredClone(subscription.items);
    item.current_period_start = item.current_period_end;
    item.current_period_end += PRICES[item.price.id]!.days * DAY;
    const { invoice, intent } = newInvoice(
      subscription,
      { start: item.current_period_start, end: item.current_period_end },
      PRICES[item.price.id]!.amount,
      'subscription_cycle',
    );
    invoice.confirmation_secret = null;
    subscription.latest_invoice = invoice.id;
    charge(intent);
    return { invoice, subscription, previous };
  }

  /** Ends a subscription now; an unpaid first invoice is voided and its PaymentIntent cancelled. */
  function cancel(subscription: Subscription) {
    subscription.status = 'canceled';
    subscription.canceled_at = nowSeconds();
    const invoice = invoices.get(subscription.latest_invoice)!;
    if (invoice.status === 'open') {
      invoice.status = 'void';
      for (const intent of intents.values())
        if (intent.invoice === invoice.id && intent.status === 'requires_payment_method')
          intent.status = 'canceled';
      announce('invoice.voided', invoice);
    }
    announce('customer.subscription.deleted', subscription);
  }

  function route(method: string, path: string, params: Record<string, string>) {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer' as const,
        email: params.email ?? null,
        metadata: prefixed(params, 'metadata'),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerMatch = /^\/v1\/customers\/(\w+)$/.exec(path);
    if (method === 'DELETE' && customerMatch) {
      const customer = customers.get(customerMatch[1]!);
      // A deleted customer is no longer found; Stripe ends its subscriptions with it.
      if (!customer) return notFound('customer', customerMatch[1]!);
      customers.delete(customer.id);
      for (const subscription of subscriptions.values())
        if (subscription.customer === customer.id && subscription.status !== 'canceled') cancel(subscription);
      return { status: 200, body: { id: customer.id, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(params.customer ?? '')) return notFound('customer', params.customer ?? '');
      const priceId = params['items[0][price]']!;
      const start = nowSeconds();
      const subscription: Subscription = {
        id: id('sub'),
        object: 'subscription',
        customer: params.customer!,
        status: 'incomplete',
        cancel_at_period_end: false,
        canceled_at: null,
        metadata: prefixed(params, 'metadata'),
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              price: { id: priceId },
              current_period_start: start,
              current_period_end: start + PRICES[priceId]!.days * DAY,
            },
          ],
        },
        latest_invoice: '',
      };
      const period = { start, end: subscription.items.data[0]!.current_period_end };
      const { invoice } = newInvoice(subscription, period, PRICES[priceId]!.amount, 'subscription_create');
      subscription.latest_invoice = invoice.id;
      subscriptions.set(subscription.id, subscription);
      announce('customer.subscription.created', subscription);
      const expanded = expands(params, 'latest_invoice.confirmation_secret');
      return { status: 200, body: { ...subscription, latest_invoice: expanded ? invoice : invoice.id } };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const status = params.status ?? 'default';
      const data = [...subscriptions.values()].filter(
        (s) =>
          (!params.customer || s.customer === params.customer) &&
          (status === 'all' || (status === 'default' ? s.status !== 'canceled' : s.status === status)),
      );
      return list(data, '/v1/subscriptions');
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return notFound('subscription', subscriptionMatch[1]!);
      if (method === 'DELETE') {
        // Stripe treats a cancelled subscription as deleted.
        if (subscription.status === 'canceled') return notFound('subscription', subscription.id);
        cancel(subscription);
        return { status: 200, body: subscription };
      }
      if (method === 'POST') {
        if (subscription.status === 'canceled')
          return error(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        if (params.cancel_at_period_end) {
          const previous = subscription.cancel_at_period_end;
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
          if (previous !== subscription.cancel_at_period_end)
            announce('customer.subscription.updated', subscription, { cancel_at_period_end: previous });
        }
        return { status: 200, body: subscription };
      }
    }
    const intentMatch = /^\/v1\/payment_intents\/(\w+)(\/confirm)?$/.exec(path);
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return notFound('payment_intent', intentMatch[1]!);
      if (method === 'POST' && intentMatch[2]) return confirm(intent, params);
      if (method === 'GET') {
        const { invoice: _invoice, ...publicFields } = intent;
        const latestCharge =
          expands(params, 'latest_charge') && intent.latest_charge
            ? charges.get(intent.latest_charge)
            : intent.latest_charge;
        return { status: 200, body: { ...publicFields, latest_charge: latestCharge } };
      }
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const byIntent = params['payment[payment_intent]'];
      const matching = [...intents.values()].filter(
        (intent) =>
          (!byIntent || intent.id === byIntent) &&
          (!params.invoice || intent.invoice === params.invoice) &&
          (!params.status || (params.status === 'paid') === (intent.status === 'succeeded')),
      );
      const data = matching.map((intent) => ({
        id: id('inpay'),
        object: 'invoice_payment',
        invoice: expands(params, 'data.invoice') ? invoices.get(intent.invoice) : intent.invoice,
        status: intent.status === 'succeeded' ? 'paid' : 'open',
        payment: { type: 'payment_intent', payment_intent: intent.id },
      }));
      return list(data, '/v1/invoice_payments');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(params.payment_intent ?? '');
      if (!intent) return notFound('payment_intent', params.payment_intent ?? '');
      const paid = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!paid)
        return error(
          400,
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        );
      if (paid.refunded)
        return error(
          400,
          'invalid_request_error',
          `Charge ${paid.id} has already been refunded.`,
          'charge_already_refunded',
        );
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount: paid.amount - paid.amount_refunded,
        charge: paid.id,
        payment_intent: intent.id,
        reason: params.reason ?? null,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      Object.assign(paid, { amount_refunded: paid.amount, refunded: true });
      announce('refund.created', refund);
      announce('charge.refunded', paid);
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  /** Stripe.js `confirmPayment` with a test card: `pm_card_visa` pays, `pm_card_chargeDeclined` is declined. */
  function confirm(intent: PaymentIntent, params: Record<string, string>) {
    if (params.client_secret && params.client_secret !== intent.client_secret)
      return error(
        400,
        'invalid_request_error',
        'The client_secret provided does not match this PaymentIntent.',
      );
    if (intent.status !== 'requires_payment_method') {
      const message =
        intent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`;
      return error(400, 'invalid_request_error', message, 'payment_intent_unexpected_state');
    }
    if (params.payment_method === 'pm_card_chargeDeclined') {
      intent.last_payment_error = { message: 'Your card was declined.' };
      return error(402, 'card_error', 'Your card was declined.', 'card_declined');
    }
    const { invoice, subscription, previousStatus } = charge(intent);
    announce('payment_intent.succeeded', intent);
    announce('invoice.paid', invoice);
    if (previousStatus !== subscription.status)
      announce('customer.subscription.updated', subscription, { status: previousStatus });
    const { invoice: _invoice, ...publicFields } = intent;
    return { status: 200, body: publicFields };
  }

  function idempotent(key: string | undefined, answer: () => { status: number; body: unknown }) {
    if (!key) return answer();
    const first = answersByIdempotencyKey.get(key) ?? answer();
    answersByIdempotencyKey.set(key, first);
    return first;
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    readParams(req, url).then((params) => {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      const method = req.method ?? 'GET';
      const header = req.headers['idempotency-key'];
      const key = method === 'POST' && typeof header === 'string' ? header : undefined;
      // Stripe does not keep an idempotency key's answer when it failed with a server error.
      const { status, body } = failing?.({ method, path: url.pathname })
        ? error(500, 'api_error', 'An unknown error occurred. Please try again.')
        : idempotent(key, () => route(method, url.pathname, params));
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  async function webhooksDelivered() {
    while (inFlight.size > 0) await Promise.all(inFlight);
  }

  return {
    port: (server.address() as AddressInfo).port,
    requests,
    undelivered,
    sendWebhooksTo(url, secret) {
      webhookTarget = { url, secret };
    },
    webhooksDelivered,
    pay(paymentIntentId) {
      const { invoice, subscription } = charge(intents.get(paymentIntentId)!);
      return { invoice, subscription };
    },
    announcePaid(paymentIntentId, times) {
      announce('invoice.paid', invoices.get(intents.get(paymentIntentId)!.invoice)!, undefined, times);
    },
    renew(subscriptionId) {
      const { invoice, subscription } = renewal(subscriptions.get(subscriptionId)!);
      return { invoice, subscription };
    },
    endPeriods(customerId) {
      for (const subscription of subscriptions.values()) {
        if (subscription.customer !== customerId || subscription.status !== 'active') continue;
        if (subscription.cancel_at_period_end) {
          cancel(subscription);
          continue;
        }
        const { invoice, previous } = renewal(subscription);
        announce('customer.subscription.updated', subscription, { items: previous });
        announce('invoice.paid', invoice);
      }
    },
    decline(paymentIntentId, message) {
      intents.get(paymentIntentId)!.last_payment_error = { message };
    },
    outage(matching) {
      failing = matching;
    },
    subscription: (subscriptionId) => subscriptions.get(subscriptionId)!,
    customerOf: (uid) => [...customers.values()].find((c) => c.metadata.uid === uid)?.id,
    records: (customerId) => ({
      subscriptions: [...subscriptions.values()].filter((s) => s.customer === customerId),
      charges: [...charges.values()].filter((c) => c.customer === customerId),
      refunds: [...refunds.values()].filter((r) => charges.get(r.charge)?.customer === customerId),
    }),
    async close() {
      await webhooksDelivered();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
