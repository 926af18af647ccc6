import type { AddressInfo } from 'node:net';
import { createApp } from '../src/server/app';
import { features } from '../src/server/features';
import type { TestUser } from './emulator-users';
import { requestApi, startTestServer, type ApiResponse, type TestServer } from './test-server';
import { accountDeletionFeature, createAccountDeletionRouter } from '../src/features/account-deletion/routes';
import type { Feature } from '../src/http/context';
import { paymentsFeature } from '../src/features/payments/feature';
import type { PaymentMode } from '../src/features/payments/port';
import { createPaymentsRouter } from '../src/features/payments/routes';
import { startStripeDouble, type StripeDouble } from './stripe-double';
import { createStripeProvider } from '../src/features/payments/stripe/stripe-provider';
import { paymentDb } from '../src/features/payments/tables';
import { createTestPaymentProvider } from '../src/features/payments/test-mode/test-provider';

export const WEBHOOK_SECRET = 'whsec_labelwise_test_double';
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const MINUTE = 60_000;

/** The API with the features that reach the payment provider (payments, account deletion) on the Stripe adapter, pointed at a local Stripe double. */
export async function startStripeApi(
  server: TestServer,
  double: StripeDouble,
): Promise<{ url: string; api: TestServer['api']; close(): Promise<void> }> {
  const provider = createStripeProvider(
    {
      secretKey: 'sk_test_double',
      webhookSecret: WEBHOOK_SECRET,
      prices: { monthly: 'price_monthly', yearly: 'price_yearly' },
      client: { host: '127.0.0.1', port: double.port, protocol: 'http', maxNetworkRetries: 0 },
    },
    paymentDb(server.ctx.db),
  );
  const onStripe = new Map<Feature, Feature>([
    [paymentsFeature, (ctx) => createPaymentsRouter(ctx, provider)],
    [accountDeletionFeature, (ctx) => createAccountDeletionRouter(ctx, provider)],
  ]);
  const app = createApp(
    server.ctx,
    features.map((feature) => onStripe.get(feature) ?? feature),
    { serveApps: false },
  );
  const http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    api: (path, request) => requestApi(url, path, request),
    close: () => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve()))),
  };
}

/** What a provider holds for one user, in its own records. */
export interface ProviderRecords {
  /** Every payment taken (first payments and paid renewals), in pence, with the part refunded. */
  payments: Array<{ amount: number; refunded: number }>;
  subscriptions: Array<{ id: string; status: 'incomplete' | 'active' | 'ended'; renews: boolean }>;
}

/**
 * The app with one payment provider, driven the way a browser and the provider drive it, so one
 * behaviour suite runs against both: test mode, and Stripe (the real SDK against the Stripe
 * double, its webhooks signed and delivered to the app).
 */
export interface PaymentsUnderTest {
  mode: PaymentMode;
  server: TestServer;
  api: TestServer['api'];
  /**
   * The payment form with a good card: test mode's confirmation; in Stripe mode Stripe.js
   * confirming at Stripe, then the page's verify-payment. Resolves once the provider's
   * announcements are answered, with the answer the page got.
   */
  pay(user: TestUser, clientSecret: string): Promise<ApiResponse>;
  /** The provider takes the money and nobody has heard of it yet. */
  payUnannounced(user: TestUser, clientSecret: string): Promise<void>;
  /** That payment reported `times` times at once, by every way it reaches the app. */
  announce(user: TestUser, paymentIntentId: string, times: number): Promise<void>;
  /** The clock passes every current period end of the user's subscriptions; the provider renews or ends them. */
  endPeriods(user: TestUser): Promise<void>;
  records(uid: string): Promise<ProviderRecords>;
  stop(): Promise<void>;
}

/** The page's `POST /api/verify-payment` after a payment. */
export const verifyPayment = (api: TestServer['api'], user: TestUser, paymentIntentId: string) =>
  api('/api/verify-payment', { method: 'POST', token: user.idToken, body: { paymentIntentId } });

/** Stripe.js paying a subscription's first invoice with a good card: its PaymentIntent confirmed at Stripe with the browser's client secret. */
export async function confirmAtStripe(double: StripeDouble, clientSecret: string): Promise<ApiResponse> {
  const paymentIntentId = clientSecret.split('_secret_')[0]!;
  const res = await fetch(`http://127.0.0.1:${double.port}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: clientSecret }),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export async function startPayments(mode: PaymentMode): Promise<PaymentsUnderTest> {
  let now = new Date('2026-03-01T12:00:00.000Z');
  const server = await startTestServer({ clock: () => now });
  const passing = (end: Date) => {
    if (end >= now) now = new Date(end.getTime() + MINUTE);
  };

  if (mode === 'test') {
    const { api } = server;
    const db = paymentDb(server.ctx.db);
    const provider = createTestPaymentProvider(db);
    return {
      mode,
      server,
      api,
      pay: (user, clientSecret) =>
        api('/api/test-payments/confirm', {
          method: 'POST',
          token: user.idToken,
          body: { clientSecret, ...GOOD_CARD },
        }),
      async payUnannounced(user, clientSecret) {
        const paid = await provider.confirmPayment(user.uid, clientSecret, GOOD_CARD, now);
        if (!paid.ok) throw new Error(paid.message);
      },
      async announce(user, paymentIntentId, times) {
        await Promise.all(Array.from({ length: times }, () => verifyPayment(api, user, paymentIntentId)));
      },
      async endPeriods(user) {
        const active = await db
          .selectFrom('test_subscriptions')
          .select('current_period_end')
          .where('uid', '=', user.uid)
          .where('status', '=', 'active')
          .execute();
        for (const { current_period_end } of active) passing(current_period_end!);
        await api('/api/subscription', { token: user.idToken });
      },
      async records(uid) {
        const payments = await db
          .selectFrom('test_payment_intents')
          .select(['amount', 'amount_refunded as refunded'])
          .where('uid', '=', uid)
          .where('status', '=', 'succeeded')
          .execute();
        const subscriptions = await db
          .selectFrom('test_subscriptions')
          .select(['id', 'status', 'cancel_at_period_end'])
          .where('uid', '=', uid)
          .execute();
        return {
          payments,
          subscriptions: subscriptions.map(({ id, status, cancel_at_period_end }) => ({
            id,
            status,
            renews: status === 'active' && !cancel_at_period_end,
          })),
        };
      },
      stop: () => server.stop(),
    };
  }

  const double = await startStripeDouble({ now: () => now });
  const stripeApi = await startStripeApi(server, double);
  double.sendWebhooksTo(`${stripeApi.url}/api/webhooks/stripe`, WEBHOOK_SECRET);
  const { api } = stripeApi;
  const customerOf = (uid: string) => double.customerOf(uid) ?? 'none';
  /** Waits for Stripe's announcements; the app must have answered every one 2xx. */
  const announced = async () => {
    await double.webhooksDelivered();
    if (double.undelivered.length) throw new Error(`webhooks refused: ${JSON.stringify(double.undelivered)}`);
  };
  return {
    mode,
    server,
    api,
    async pay(user, clientSecret) {
      const confirmed = await confirmAtStripe(double, clientSecret);
      const answer = confirmed.status === 200 ? await verifyPayment(api, user, confirmed.body.id) : confirmed;
      await announced();
      return answer;
    },
    async payUnannounced(_user, clientSecret) {
      double.pay(clientSecret.split('_secret_')[0]!);
    },
    async announce(user, paymentIntentId, times) {
      double.announcePaid(paymentIntentId, times);
      await Promise.all(Array.from({ length: times }, () => verifyPayment(api, user, paymentIntentId)));
      await announced();
    },
    async endPeriods(user) {
      const { subscriptions } = double.records(customerOf(user.uid));
      for (const subscription of subscriptions.filter((s) => s.status === 'active'))
        passing(new Date(subscription.items.data[0]!.current_period_end * 1000));
      double.endPeriods(customerOf(user.uid));
      await announced();
    },
    async records(uid) {
      const { charges, subscriptions } = double.records(customerOf(uid));
      return {
        payments: charges.map((charge) => ({ amount: charge.amount, refunded: charge.amount_refunded })),
        subscriptions: subscriptions.map((s) => ({
          id: s.id,
          status: s.status === 'canceled' ? 'ended' : s.status,
          renews: s.status === 'active' && !s.cancel_at_period_end,
        })),
      };
    },
    async stop() {
      await stripeApi.close();
      await double.close();
      await server.stop();
    },
  };
}
