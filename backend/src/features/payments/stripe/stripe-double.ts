import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints the Stripe adapter calls, for tests that
 * drive the real `stripe` SDK (pointed here with its `host`/`port`/`protocol` options).
 * Objects have the 2025 API shape: invoices carry `parent.subscription_details` and
 * `confirmation_secret`, subscription items carry the current period.
 */
export interface StripeDouble {
  port: number;
  /** Every request received, with its form or query parameters flattened (`items[0][price]`). */
  requests: Array<{ method: string; path: string; params: Record<string, string> }>;
  /** What Stripe does when Stripe.js confirms the first invoice's PaymentIntent with a good card. */
  pay(paymentIntentId: string): { invoice: Invoice; subscription: Subscription };
  /** Stripe's renewal: the subscription moves into its next period and the renewal invoice is paid. */
  renew(subscriptionId: string): { invoice: Invoice; subscription: Subscription };
  /** A card decline on the PaymentIntent. */
  decline(paymentIntentId: string, message: string): void;
  subscription(id: string): Subscription;
  close(): Promise<void>;
}

interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid';
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: { object: 'list'; data: Array<{ id: string; period: { start: number; end: number } }> };
  confirmation_secret: { client_secret: string; type: 'payment_intent' };
}

interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'canceled';
  cancel_at_period_end: boolean;
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
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  last_payment_error: { message: string } | null;
  invoice: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY = 86_400;

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
  const requests: StripeDouble['requests'] = [];

  const notFound = (kind: string, objectId: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${objectId}'`,
      },
    },
  });

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
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(params.customer ?? '')) return notFound('customer', params.customer ?? '');
      const start = Math.floor(options.now().getTime() / 1000);
      const end = start + 30 * DAY;
      const subscriptionId = id('sub');
      const intentId = id('pi');
      const clientSecret = `${intentId}_secret_${randomBytes(8).toString('hex')}`;
      const metadata = prefixed(params, 'metadata');
      const invoice: Invoice = {
        id: id('in'),
        object: 'invoice',
        customer: params.customer!,
        status: 'open',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata },
        },
        lines: { object: 'list', data: [{ id: id('il'), period: { start, end } }] },
        confirmation_secret: { client_secret: clientSecret, type: 'payment_intent' },
      };
      const subscription: Subscription = {
        id: subscriptionId,
        object: 'subscription',
        customer: params.customer!,
        status: 'incomplete',
        cancel_at_period_end: false,
        metadata,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              price: { id: params['items[0][price]']! },
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
        latest_invoice: invoice.id,
      };
      invoices.set(invoice.id, invoice);
      subscriptions.set(subscriptionId, subscription);
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        customer: params.customer!,
        status: 'requires_payment_method',
        client_secret: clientSecret,
        last_payment_error: null,
        invoice: invoice.id,
      });
      const expanded = Object.values(prefixed(params, 'expand')).includes(
        'latest_invoice.confirmation_secret',
      );
      return { status: 200, body: { ...subscription, latest_invoice: expanded ? invoice : invoice.id } };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
    if (method === 'POST' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return notFound('subscription', subscriptionMatch[1]!);
      if (params.cancel_at_period_end)
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      return { status: 200, body: subscription };
    }
    const intentMatch = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return notFound('payment_intent', intentMatch[1]!);
      const { invoice: _invoice, ...publicFields } = intent;
      return { status: 200, body: publicFields };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const intent = intents.get(params['payment[payment_intent]'] ?? '');
      const invoice = intent && invoices.get(intent.invoice);
      const expanded = Object.values(prefixed(params, 'expand')).includes('data.invoice');
      const data = invoice
        ? [
            {
              id: id('inpay'),
              object: 'invoice_payment',
              invoice: expanded ? invoice : invoice.id,
              payment: { type: 'payment_intent', payment_intent: intent.id },
            },
          ]
        : [];
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    readParams(req, url).then((params) => {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      const method = req.method ?? 'GET';
      const header = req.headers['idempotency-key'];
      const key = method === 'POST' && typeof header === 'string' ? header : undefined;
      const answer = (key && answersByIdempotencyKey.get(key)) || route(method, url.pathname, params);
      if (key) answersByIdempotencyKey.set(key, answer);
      const { status, body } = answer;
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    requests,
    pay(paymentIntentId) {
      const intent = intents.get(paymentIntentId)!;
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      const invoice = invoices.get(intent.invoice)!;
      invoice.status = 'paid';
      const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      subscription.status = 'active';
      return { invoice, subscription };
    },
    renew(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end += 30 * DAY;
      const invoice: Invoice = {
        ...invoices.get(subscription.latest_invoice)!,
        id: id('in'),
        status: 'paid',
        lines: {
          object: 'list',
          data: [
            { id: id('il'), period: { start: item.current_period_start, end: item.current_period_end } },
          ],
        },
      };
      invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
      return { invoice, subscription };
    },
    decline(paymentIntentId, message) {
      intents.get(paymentIntentId)!.last_payment_error = { message };
    },
    subscription: (subscriptionId) => subscriptions.get(subscriptionId)!,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
