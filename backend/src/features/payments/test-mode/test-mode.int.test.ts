import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { createUser, type TestUser } from '../../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../../testing/test-server';
import { moderate, registeredUser } from '../../../../testing/catalogue-fixtures';
import { GOOD_CARD, verifyPayment } from '../../../../testing/payments-under-test';
import { settleDueChanges } from '../record-change';
import { REFUNDED_PAYMENT_MESSAGE } from '../routes';
import { paymentDb } from '../tables';
import { REPLACED_PAYMENT_MESSAGE } from './test-payment-intents';
import { createTestPaymentProvider } from './test-provider';

const DAY = 86_400_000;

let now = new Date('2026-03-01T12:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.stop();
});

async function subscriptionEvents(uid: string) {
  const events = await server.ctx.store.readStream(streams.user(uid));
  // What happened to subscriptions; SubscriptionRequested only asks for one.
  return events.filter(
    (event) => event.type.startsWith('Subscription') && event.type !== 'SubscriptionRequested',
  );
}

async function subscribe(user: TestUser, plan: 'monthly' | 'yearly' = 'monthly') {
  const created = await server.api('/api/create-subscription', {
    method: 'POST',
    token: user.idToken,
    body: { plan },
  });
  expect(created.status).toBe(200);
  return created.body as { clientSecret: string; paymentIntentId: string; mode: string };
}

function confirm(user: TestUser, clientSecret: string, card = GOOD_CARD) {
  return server.api('/api/test-payments/confirm', {
    method: 'POST',
    token: user.idToken,
    body: { clientSecret, ...card },
  });
}

describe('test-mode payments over HTTP', () => {
  it('needs a signed-in user and a known plan', async () => {
    expect(
      (await server.api('/api/create-subscription', { method: 'POST', body: { plan: 'monthly' } })).status,
    ).toBe(401);
    const user = await createUser({ verified: true });
    const bad = await server.api('/api/create-subscription', {
      method: 'POST',
      token: user.idToken,
      body: { plan: 'weekly' },
    });
    expect(bad.status).toBe(400);
    expect((await server.api('/api/webhooks/stripe', { method: 'POST', body: {} })).status).toBe(404);
  });

  it('subscribes with 4242 4242 4242 4242: one activation, premium on the profile, no second charge', async () => {
    const user = await createUser({ verified: true });
    const created = await subscribe(user);
    expect(created.mode).toBe('test');
    expect(created.clientSecret).toMatch(/^pi_test_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect(created.clientSecret.startsWith(`${created.paymentIntentId}_secret_`)).toBe(true);

    const paid = await confirm(user, created.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      status: 'succeeded',
      paymentIntentId: created.paymentIntentId,
      isPremium: true,
    });

    const events = await subscriptionEvents(user.uid);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'SubscriptionActivated',
      data: {
        uid: user.uid,
        plan: 'monthly',
        provider: 'test',
        paymentId: created.paymentIntentId,
        periodEnd: '2026-04-01T12:00:00.000Z',
      },
      metadata: { actor: user.uid },
    });

    const profile = await server.api('/api/user/profile', { token: user.idToken });
    expect(profile.status).toBe(200);
    expect(profile.body.isPremium).toBe(true);

    const verified = await verifyPayment(server.api, user, created.paymentIntentId);
    expect(verified.body).toEqual({ status: 'active', isPremium: true });
    const again = await confirm(user, created.clientSecret);
    expect(again.status).toBe(409);
    const second = await server.api('/api/create-subscription', {
      method: 'POST',
      token: user.idToken,
      body: { plan: 'yearly' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'ALREADY_PREMIUM', message: 'You already have Premium.' });
    expect(await subscriptionEvents(user.uid)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 and 4000 0000 0000 9995 with the provider message and records nothing', async () => {
    const user = await createUser({ verified: true });
    const { clientSecret, paymentIntentId } = await subscribe(user);

    const declined = await confirm(user, clientSecret, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'CARD_DECLINED', message: 'Your card was declined.' });
    const broke = await confirm(user, clientSecret, { ...GOOD_CARD, cardNumber: '4000 0000 0000 9995' });
    expect(broke.body.message).toBe('Your card has insufficient funds.');
    const typo = await confirm(user, clientSecret, { ...GOOD_CARD, cardNumber: '4242 4242 4242 4241' });
    expect(typo).toMatchObject({
      status: 400,
      body: { error: 'INVALID_CARD', message: 'Your card number is invalid.' },
    });

    const verified = await verifyPayment(server.api, user, paymentIntentId);
    expect(verified.body).toEqual({ status: 'failed', isPremium: false });
    expect(await subscriptionEvents(user.uid)).toEqual([]);

    // The same payment can still succeed with another card, as with Stripe.
    expect((await confirm(user, clientSecret)).status).toBe(200);
  });

  it("does not confirm someone else's payment", async () => {
    const [owner, other] = await Promise.all([
      createUser({ verified: true }),
      createUser({ verified: true }),
    ]);
    const { clientSecret, paymentIntentId } = await subscribe(owner);
    expect((await confirm(other, clientSecret)).status).toBe(404);
    const peek = await verifyPayment(server.api, other, paymentIntentId);
    expect(peek.status).toBe(404);
    expect(await subscriptionEvents(other.uid)).toEqual([]);
  });

  it('cancels at period end: premium until then, expired after (settled when the subscription is read)', async () => {
    const user = await createUser({ verified: true });
    await confirm(user, (await subscribe(user)).clientSecret);

    const cancelled = await server.api('/api/subscription/cancel', { method: 'POST', token: user.idToken });
    expect(cancelled.body).toEqual({
      mode: 'test',
      isPremium: true,
      subscription: {
        plan: 'monthly',
        provider: 'test',
        status: 'cancelled',
        periodEnd: '2026-04-01T12:00:00.000Z',
        cancelAtPeriodEnd: true,
      },
    });
    const twice = await server.api('/api/subscription/cancel', { method: 'POST', token: user.idToken });
    expect(twice.status).toBe(200);

    const started = now;
    try {
      now = new Date(started.getTime() + 31 * DAY);
      const view = await server.api('/api/subscription', { token: user.idToken });
      expect(view.body).toEqual({ mode: 'test', isPremium: false, subscription: null });
    } finally {
      now = started;
    }
    expect((await subscriptionEvents(user.uid)).map((e) => e.type)).toEqual([
      'SubscriptionActivated',
      'SubscriptionCancelled',
      'SubscriptionExpired',
    ]);
    const nothingToCancel = await server.api('/api/subscription/cancel', {
      method: 'POST',
      token: user.idToken,
    });
    expect(nothingToCancel.status).toBe(409);
  });

  it('renews an uncancelled subscription at its period end, from the background sweep', async () => {
    const user = await createUser({ verified: true });
    await confirm(user, (await subscribe(user, 'yearly')).clientSecret);
    const started = now;
    try {
      now = new Date('2027-03-05T00:00:00.000Z');
      const provider = createTestPaymentProvider(paymentDb(server.ctx.db));
      expect(await settleDueChanges(server.ctx, provider)).toBeGreaterThanOrEqual(1);
      expect(await settleDueChanges(server.ctx, provider)).toBe(0);
    } finally {
      now = started;
    }
    const events = await subscriptionEvents(user.uid);
    expect(events.map((e) => [e.type, (e.data as { periodEnd?: string }).periodEnd])).toEqual([
      ['SubscriptionActivated', '2027-03-01T12:00:00.000Z'],
      ['SubscriptionActivated', '2028-03-01T12:00:00.000Z'],
    ]);
  });
});

describe('one subscription per user (#19.2)', () => {
  it('8 parallel upgrades (create-subscription then confirm) make one subscription, paid once', async () => {
    const user = await createUser({ verified: true });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const created = await server.api('/api/create-subscription', {
          method: 'POST',
          token: user.idToken,
          body: { plan: 'monthly' },
        });
        if (created.status !== 200) return { created: created.status, confirmed: 0 };
        const confirmed = await confirm(user, created.body.clientSecret);
        return { created: created.status, confirmed: confirmed.status, secret: created.body.clientSecret };
      }),
    );
    const secrets = new Set(attempts.map((a) => a.secret).filter(Boolean));
    expect(secrets.size).toBe(1);
    expect(attempts.filter((a) => a.confirmed === 200)).toHaveLength(1);
    const activations = (await subscriptionEvents(user.uid)).filter(
      (e) => e.type === 'SubscriptionActivated',
    );
    expect(activations).toHaveLength(1);
    const db = paymentDb(server.ctx.db);
    const rows = await db
      .selectFrom('test_subscriptions')
      .select('status')
      .where('uid', '=', user.uid)
      .execute();
    expect(rows).toEqual([{ status: 'active' }]);

    // Cancelling stops the one subscription there is: nothing renews behind the user's back.
    const cancelled = await server.api('/api/subscription/cancel', { method: 'POST', token: user.idToken });
    expect(cancelled.body.subscription).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true });
  });
});

describe('one open subscription per user in test mode (#37)', () => {
  it('a replaced secret is refused with a message saying why, and verify-payment calls it failed', async () => {
    const user = await createUser({ verified: true });
    const first = await subscribe(user, 'monthly');
    const second = await subscribe(user, 'yearly');

    const refused = await confirm(user, first.clientSecret);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'PAYMENT_CANCELLED', message: REPLACED_PAYMENT_MESSAGE });
    const verified = await verifyPayment(server.api, user, first.paymentIntentId);
    expect(verified.body).toEqual({ status: 'failed', isPremium: false });
    expect((await confirm(user, second.clientSecret)).status).toBe(200);
  });

  it('refunds a payment made after an administrator closed its request, and says so', async () => {
    const [user, admin] = await Promise.all([
      registeredUser(server),
      registeredUser(server, { admin: true }),
    ]);
    const { clientSecret, paymentIntentId } = await subscribe(user);
    const periodEnd = new Date(now.getTime() + 10 * DAY).toISOString();
    await moderate(server, admin, `/users/${user.uid}/premium`, { plan: 'yearly', periodEnd });
    await moderate(server, admin, `/users/${user.uid}/premium`, undefined, 'DELETE');

    const paid = await confirm(user, clientSecret);
    expect(paid.body).toEqual({ error: 'PAYMENT_REFUNDED', message: REFUNDED_PAYMENT_MESSAGE });
    expect(paid.status).toBe(409);
    const db = paymentDb(server.ctx.db);
    expect(
      await db
        .selectFrom('test_payment_intents')
        .select(['status', 'amount', 'amount_refunded'])
        .where('id', '=', paymentIntentId)
        .executeTakeFirst(),
    ).toEqual({ status: 'succeeded', amount: 499, amount_refunded: 499 });
    expect((await subscriptionEvents(user.uid)).map((e) => e.type)).toEqual([
      'SubscriptionActivated',
      'SubscriptionExpired',
      'SubscriptionPaymentRefunded',
    ]);
    const verified = await verifyPayment(server.api, user, paymentIntentId);
    expect(verified.body).toEqual({
      status: 'refunded',
      isPremium: false,
      message: REFUNDED_PAYMENT_MESSAGE,
    });
  });
});
