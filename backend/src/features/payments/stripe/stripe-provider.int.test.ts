import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { createUser, type TestUser } from '../../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../../testing/test-server';
import { startStripeApi, WEBHOOK_SECRET } from '../../../../testing/payments-under-test';
import { startStripeDouble, type StripeDouble } from '../../../../testing/stripe-double';

const signer = new Stripe('sk_test_signer');

const now = new Date('2026-03-01T12:00:00.000Z');
let server: TestServer;
let double: StripeDouble;
let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;

const call = (path: string, options: { token?: string; body?: unknown } = {}) =>
  stripeApi.api(path, { ...options, method: options.body === undefined ? 'GET' : 'POST' });

let eventCounter = 0;
function stripeEvent(type: string, object: unknown, previousAttributes?: unknown) {
  const data = previousAttributes ? { object, previous_attributes: previousAttributes } : { object };
  return JSON.stringify({
    id: `evt_test_${++eventCounter}`,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    created: 1,
    livemode: false,
    data,
  });
}

function deliver(
  payload: string,
  secret = WEBHOOK_SECRET,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret }),
) {
  return fetch(`${stripeApi.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

async function subscriptionEvents(uid: string) {
  const events = await server.ctx.store.readStream(streams.user(uid));
  // What happened to subscriptions; SubscriptionRequested only asks for one.
  return events.filter(
    (event) => event.type.startsWith('Subscription') && event.type !== 'SubscriptionRequested',
  );
}

async function subscribe(user: TestUser, plan: 'monthly' | 'yearly' = 'monthly') {
  const created = await call('/api/create-subscription', { token: user.idToken, body: { plan } });
  expect(created.status).toBe(200);
  return created.body as { clientSecret: string; paymentIntentId: string; mode: string };
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  double = await startStripeDouble({ now: () => now });
  stripeApi = await startStripeApi(server, double);
});

afterAll(async () => {
  await stripeApi?.close();
  await double?.close();
  await server?.stop();
});

describe('Stripe adapter (real SDK against a local Stripe double)', () => {
  it('creates an incomplete subscription and hands back its first invoice PaymentIntent secret', async () => {
    const user = await createUser({ verified: true });
    const first = await subscribe(user, 'yearly');
    expect(first.mode).toBe('stripe');
    expect(first.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(first.clientSecret.startsWith(`${first.paymentIntentId}_secret_`)).toBe(true);

    const created = double.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions')
      .at(-1)!;
    expect(created.params).toMatchObject({
      'items[0][price]': 'price_yearly',
      payment_behavior: 'default_incomplete',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[uid]': user.uid,
      'metadata[plan]': 'yearly',
    });

    await subscribe(user, 'monthly');
    const customers = double.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/customers' && r.params['metadata[uid]'] === user.uid,
    );
    expect(customers).toHaveLength(1);
    expect(await subscriptionEvents(user.uid)).toEqual([]);
  });

  it('activates exactly once when invoice.paid is delivered five times at once', async () => {
    const user = await createUser({ verified: true });
    const { paymentIntentId } = await subscribe(user);
    expect(
      (await call('/api/verify-payment', { token: user.idToken, body: { paymentIntentId } })).body,
    ).toEqual({
      status: 'pending',
      isPremium: false,
    });

    const { invoice } = double.pay(paymentIntentId);
    const payload = stripeEvent('invoice.paid', invoice);
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);

    const events = await subscriptionEvents(user.uid);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'SubscriptionActivated',
      data: {
        uid: user.uid,
        plan: 'monthly',
        provider: 'stripe',
        subscriptionId: invoice.parent.subscription_details.subscription,
        paymentId: invoice.id,
        periodEnd: new Date(invoice.lines.data[0]!.period.end * 1000).toISOString(),
      },
    });

    // verify-payment after the webhook reports the same activation without adding another.
    const verified = await call('/api/verify-payment', { token: user.idToken, body: { paymentIntentId } });
    expect(verified.body).toEqual({ status: 'active', isPremium: true });
    expect(await subscriptionEvents(user.uid)).toHaveLength(1);
    expect(
      (await call('/api/create-subscription', { token: user.idToken, body: { plan: 'yearly' } })).body.error,
    ).toBe('ALREADY_PREMIUM');
  });

  it('lets verify-payment activate before the webhook arrives, and the late webhook adds nothing', async () => {
    const user = await createUser({ verified: true });
    const { paymentIntentId } = await subscribe(user);
    const { invoice } = double.pay(paymentIntentId);

    const verified = await call('/api/verify-payment', { token: user.idToken, body: { paymentIntentId } });
    expect(verified.body).toEqual({ status: 'active', isPremium: true });
    expect((await deliver(stripeEvent('invoice.paid', invoice))).status).toBe(200);
    const subscription = double.subscription(invoice.parent.subscription_details.subscription);
    await deliver(stripeEvent('customer.subscription.updated', subscription, { status: 'incomplete' }));
    expect((await subscriptionEvents(user.uid)).map((e) => e.type)).toEqual(['SubscriptionActivated']);
  });

  it('renews into the next period when Stripe moves the subscription on, once', async () => {
    const user = await createUser({ verified: true });
    const { paymentIntentId } = await subscribe(user);
    const first = double.pay(paymentIntentId);
    await deliver(stripeEvent('invoice.paid', first.invoice));

    const renewal = double.renew(first.subscription.id);
    const nextEnd = new Date(renewal.subscription.items.data[0]!.current_period_end * 1000).toISOString();
    await deliver(
      stripeEvent('customer.subscription.updated', renewal.subscription, { items: first.subscription.items }),
    );
    await deliver(stripeEvent('invoice.paid', renewal.invoice));

    const events = await subscriptionEvents(user.uid);
    expect(events.map((e) => [e.type, (e.data as { periodEnd: string }).periodEnd])).toEqual([
      ['SubscriptionActivated', new Date(first.invoice.lines.data[0]!.period.end * 1000).toISOString()],
      ['SubscriptionActivated', nextEnd],
    ]);
  });

  it("reports a declined payment as failed and refuses someone else's payment", async () => {
    const [payer, other] = await Promise.all([
      createUser({ verified: true }),
      createUser({ verified: true }),
    ]);
    const { paymentIntentId } = await subscribe(payer);
    double.decline(paymentIntentId, 'Your card was declined.');
    expect(
      (await call('/api/verify-payment', { token: payer.idToken, body: { paymentIntentId } })).body,
    ).toEqual({
      status: 'failed',
      isPremium: false,
    });
    await subscribe(other);
    const stolen = await call('/api/verify-payment', { token: other.idToken, body: { paymentIntentId } });
    expect(stolen.status).toBe(404);
  });

  it('rejects forged, tampered and unsigned webhooks with 400 and records nothing', async () => {
    const user = await createUser({ verified: true });
    const { paymentIntentId } = await subscribe(user);
    const { invoice } = double.pay(paymentIntentId);
    const payload = stripeEvent('invoice.paid', invoice);

    const forged = await deliver(payload, 'whsec_not_the_secret');
    expect(forged).toEqual({
      status: 400,
      body: { error: 'INVALID_SIGNATURE', message: 'Webhook signature verification failed.' },
    });
    const genuineSignature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace(user.uid, 'someone-else');
    expect((await deliver(tampered, WEBHOOK_SECRET, genuineSignature)).status).toBe(400);
    const unsigned = await fetch(`${stripeApi.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);

    expect(await subscriptionEvents(user.uid)).toEqual([]);
  });

  it('cancels at period end (premium until then) and expires on customer.subscription.deleted', async () => {
    const user = await createUser({ verified: true });
    const { paymentIntentId } = await subscribe(user);
    const { invoice, subscription } = double.pay(paymentIntentId);
    await deliver(stripeEvent('invoice.paid', invoice));
    const periodEnd = new Date(invoice.lines.data[0]!.period.end * 1000).toISOString();

    const cancelled = await call('/api/subscription/cancel', { token: user.idToken, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      isPremium: true,
      subscription: { status: 'cancelled', periodEnd, cancelAtPeriodEnd: true },
    });
    expect(double.subscription(subscription.id).cancel_at_period_end).toBe(true);

    // Stripe then reports the pending cancellation itself: already recorded.
    await deliver(stripeEvent('customer.subscription.updated', double.subscription(subscription.id)));
    expect((await subscriptionEvents(user.uid)).map((e) => e.type)).toEqual([
      'SubscriptionActivated',
      'SubscriptionCancelled',
    ]);
    expect((await subscriptionEvents(user.uid))[1]!.data).toMatchObject({ effectiveAt: periodEnd });

    // At the period end Stripe deletes the subscription.
    const ended = { ...double.subscription(subscription.id), status: 'canceled' };
    expect((await deliver(stripeEvent('customer.subscription.deleted', ended))).status).toBe(200);
    await deliver(stripeEvent('customer.subscription.deleted', ended));
    // A late replay of the old payment notice must not bring Premium back.
    await deliver(stripeEvent('invoice.paid', invoice));

    expect((await subscriptionEvents(user.uid)).map((e) => e.type)).toEqual([
      'SubscriptionActivated',
      'SubscriptionCancelled',
      'SubscriptionExpired',
    ]);
    const view = await call('/api/subscription', { token: user.idToken });
    expect(view.body).toEqual({ mode: 'stripe', isPremium: false, subscription: null });
  });

  it('has no test-mode confirmation route when Stripe is configured', async () => {
    const user = await createUser({ verified: true });
    const res = await call('/api/test-payments/confirm', {
      token: user.idToken,
      body: { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(res.status).toBe(404);
  });
});

describe('one subscription per user on Stripe (#19.2)', () => {
  it('8 parallel create-subscription calls create one Stripe subscription (idempotency key) and answer it 8 times', async () => {
    const user = await createUser({ verified: true });
    const before = double.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions',
    ).length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('/api/create-subscription', { token: user.idToken, body: { plan: 'monthly' } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    const posts = double.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions')
      .slice(before);
    const customersOfUser = new Set(posts.map((r) => r.params.customer));
    expect(customersOfUser.size).toBe(1);
    // Every call reached Stripe with the same key, and Stripe (here, its double) made one subscription.
    const subscriptionIds = new Set(answers.map((a) => a.body.paymentIntentId));
    expect(subscriptionIds.size).toBe(1);
  });
});

describe('one open subscription per user on Stripe (#37)', () => {
  const customerOf = (user: TestUser) => double.customerOf(user.uid)!;

  it("cancels a replaced request's subscription before the next secret: its invoice void, its payment no longer possible", async () => {
    const user = await createUser({ verified: true });
    const first = await subscribe(user, 'monthly');
    await subscribe(user, 'yearly');
    const [replaced, current] = double.records(customerOf(user)).subscriptions;
    expect(replaced).toMatchObject({ status: 'canceled', metadata: { plan: 'monthly' } });
    expect(current).toMatchObject({ status: 'incomplete', metadata: { plan: 'yearly' } });
    expect(double.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${replaced!.id}` }),
    );

    const confirm = await fetch(
      `http://127.0.0.1:${double.port}/v1/payment_intents/${first.paymentIntentId}/confirm`,
      { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_visa' }) },
    );
    expect(confirm.status).toBe(400);
    expect(((await confirm.json()) as { error: { code: string } }).error.code).toBe(
      'payment_intent_unexpected_state',
    );
    const verified = await call('/api/verify-payment', {
      token: user.idToken,
      body: { paymentIntentId: first.paymentIntentId },
    });
    expect(verified.body).toEqual({ status: 'failed', isPremium: false });
  });

  it('refunds a payment for a replaced request once when invoice.paid arrives five times at once', async () => {
    const user = await createUser({ verified: true });
    const first = await subscribe(user, 'monthly');
    // Paid just before the replacing request reached Stripe.
    const { invoice, subscription } = double.pay(first.paymentIntentId);
    await subscribe(user, 'yearly');

    const payload = stripeEvent('invoice.paid', invoice);
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);

    const { refunds } = double.records(customerOf(user));
    expect(refunds).toEqual([expect.objectContaining({ amount: 499, reason: 'duplicate' })]);
    expect(double.subscription(subscription.id).status).toBe('canceled');
    expect(await subscriptionEvents(user.uid)).toEqual([
      expect.objectContaining({
        type: 'SubscriptionPaymentRefunded',
        data: { uid: user.uid, provider: 'stripe', subscriptionId: subscription.id, paymentId: invoice.id },
      }),
    ]);
  });

  it('takes a payment Stripe has already refunded (from the dashboard, or after its key expired) as refunded', async () => {
    const user = await createUser({ verified: true });
    const first = await subscribe(user, 'monthly');
    const { invoice } = double.pay(first.paymentIntentId);
    await subscribe(user, 'yearly');
    await fetch(`http://127.0.0.1:${double.port}/v1/refunds`, {
      method: 'POST',
      body: new URLSearchParams({ payment_intent: first.paymentIntentId }),
    });

    expect((await deliver(stripeEvent('invoice.paid', invoice))).status).toBe(200);
    expect(double.records(customerOf(user)).refunds).toHaveLength(1);
    expect((await subscriptionEvents(user.uid)).map((e) => e.type)).toEqual(['SubscriptionPaymentRefunded']);
  });
});
