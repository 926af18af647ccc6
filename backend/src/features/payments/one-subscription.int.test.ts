import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import type { ApiResponse } from '../../../testing/test-server';
import {
  startPayments,
  verifyPayment,
  type PaymentsUnderTest,
  type ProviderRecords,
} from '../../../testing/payments-under-test';

/**
 * At most one open provider subscription per user, on both providers: a new request replaces the
 * pending one (cancelled at the provider first, so its secret can no longer be paid); a payment
 * that still goes through for a subscription that cannot be the user's membership is refunded
 * in full and its subscription cancelled; cancelling stops everything of the user that renews;
 * a renewal of anything but the current subscription never gives Premium.
 */
const plans = ['monthly', 'yearly'] as const;
const planOf = (i: number) => plans[i % 2]!;

const kept = (records: ProviderRecords) =>
  records.payments.reduce((sum, p) => sum + p.amount - p.refunded, 0);
const open = (records: ProviderRecords) => records.subscriptions.filter((s) => s.status !== 'ended');
const renewing = (records: ProviderRecords) => records.subscriptions.filter((s) => s.renews);

describe.each(['test', 'stripe'] as const)('one open subscription per user (%s provider)', (mode) => {
  let payments: PaymentsUnderTest;

  beforeAll(async () => {
    payments = await startPayments(mode);
  });
  afterAll(async () => {
    await payments?.stop();
  });

  const create = (user: TestUser, plan: 'monthly' | 'yearly') =>
    payments.api('/api/create-subscription', { method: 'POST', token: user.idToken, body: { plan } });

  async function subscriptionEvents(uid: string) {
    const events = await payments.server.ctx.store.readStream(streams.user(uid));
    return events.filter((e) => e.type.startsWith('Subscription') && e.type !== 'SubscriptionRequested');
  }

  /** The user's secrets (as many as the creates answered), then every one paid at once. */
  async function payAll(user: TestUser, secrets: string[]) {
    const answers = await Promise.all(secrets.map((secret) => payments.pay(user, secret)));
    const records = await payments.records(user.uid);
    const view = await payments.api('/api/subscription', { token: user.idToken });
    return { answers, records, view };
  }

  function expectOneMembership(records: ProviderRecords, answers: ApiResponse[]) {
    expect(records.payments.filter((p) => p.refunded < p.amount)).toHaveLength(1);
    // Every other payment was refused or refunded in full.
    expect(records.payments.every((p) => p.refunded === 0 || p.refunded === p.amount)).toBe(true);
    expect(open(records)).toHaveLength(1);
    expect(renewing(records)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status >= 400)) {
      // The payment form shows the reason (Stripe.js: `error.message`; the API: `message`).
      expect(refused.body.message ?? refused.body.error?.message).toEqual(expect.any(String));
    }
  }

  const figures = (scenario: string, records: ProviderRecords, secrets: number) =>
    console.warn(
      `${mode}: ${scenario}: ${secrets} secrets, ${records.payments.length} charged, ` +
        `${records.payments.filter((p) => p.refunded > 0).length} refunded, kept £${(kept(records) / 100).toFixed(2)}, ` +
        `${open(records).length} open subscription(s)`,
    );

  it('8 creates in a row (plans alternating), then every secret paid at once: one payment kept, one open subscription', async () => {
    const user = await createUser({ verified: true });
    const secrets: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await create(user, planOf(i));
      expect(created.status).toBe(200);
      secrets.push(created.body.clientSecret);
    }
    expect(new Set(secrets).size).toBe(8);

    const { answers, records, view } = await payAll(user, secrets);
    figures('8 creates in a row + pay all', records, secrets.length);
    expectOneMembership(records, answers);
    // The latest request is the one that can be paid.
    expect(kept(records)).toBe(4799);
    expect(view.body).toMatchObject({ isPremium: true, subscription: { plan: 'yearly', status: 'active' } });
    const events = await subscriptionEvents(user.uid);
    expect(events.filter((e) => e.type === 'SubscriptionActivated')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'SubscriptionPaymentRefunded')).toHaveLength(
      records.payments.filter((p) => p.refunded > 0).length,
    );
  });

  it('8 creates at once (plans alternating), then every secret answered paid at once: the same', async () => {
    const user = await createUser({ verified: true });
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => create(user, planOf(i))));
    // A create that finds itself replaced while it ran says so (409) instead of answering a secret.
    expect(created.every((c) => c.status === 200 || c.body.error === 'SUBSCRIPTION_REPLACED')).toBe(true);
    const secrets = [...new Set(created.filter((c) => c.status === 200).map((c) => c.body.clientSecret))];
    expect(secrets.length).toBeGreaterThanOrEqual(1);

    const { answers, records, view } = await payAll(user, secrets);
    const replaced = created.filter((c) => c.status === 409).length;
    figures(`8 creates at once (${replaced} answered 409) + pay all`, records, secrets.length);
    expectOneMembership(records, answers);
    expect(view.body.isPremium).toBe(true);
    const events = await subscriptionEvents(user.uid);
    expect(events.filter((e) => e.type === 'SubscriptionActivated')).toHaveLength(1);
  });

  it('cancel stops every renewing subscription; no later renewal gives Premium back', async () => {
    const user = await createUser({ verified: true });
    const secrets: string[] = [];
    for (let i = 0; i < 8; i++) secrets.push((await create(user, planOf(i))).body.clientSecret);
    await payAll(user, secrets);

    const cancelled = await payments.api('/api/subscription/cancel', { method: 'POST', token: user.idToken });
    expect(cancelled.body).toMatchObject({ isPremium: true, subscription: { status: 'cancelled' } });
    const afterCancel = await payments.records(user.uid);
    expect(renewing(afterCancel)).toEqual([]);

    await payments.endPeriods(user);
    const view = await payments.api('/api/subscription', { token: user.idToken });
    expect(view.body).toMatchObject({ isPremium: false, subscription: null });
    const profile = await payments.api('/api/user/profile', { token: user.idToken });
    expect(profile.body.isPremium).toBe(false);
    const records = await payments.records(user.uid);
    figures('8 creates, pay all, cancel, next period', records, secrets.length);
    expect(open(records)).toEqual([]);
    expect(kept(records)).toBe(4799);
    const types = (await subscriptionEvents(user.uid)).map((e) => e.type);
    expect(types.slice(types.indexOf('SubscriptionCancelled'))).toEqual([
      'SubscriptionCancelled',
      'SubscriptionExpired',
    ]);
  });

  it('a true race (a replaced secret paid before it was cancelled): that payment is refunded in full once, its subscription cancelled, an event recorded', async () => {
    const user = await createUser({ verified: true });
    const first = (await create(user, 'monthly')).body;
    await payments.payUnannounced(user, first.clientSecret);
    const second = await create(user, 'yearly');
    expect(second.status).toBe(200);
    const paid = await payments.pay(user, second.body.clientSecret);
    expect(paid.status).toBe(200);

    // The first payment is reported late, and several times at once (webhook redeliveries, verify-payment).
    await payments.announce(user, first.paymentIntentId, 5);
    const records = await payments.records(user.uid);
    figures('two secrets paid (true race)', records, 2);
    expect(records.payments.map((p) => [p.amount, p.refunded]).sort()).toEqual([
      [4799, 0],
      [499, 499],
    ]);
    expect(open(records)).toHaveLength(1);
    const events = await subscriptionEvents(user.uid);
    const refunds = events.filter((e) => e.type === 'SubscriptionPaymentRefunded');
    expect(refunds).toHaveLength(1);
    const [kept] = records.subscriptions.filter((s) => s.status === 'active');
    expect(refunds[0]!.data).not.toMatchObject({ subscriptionId: kept!.id });
    const view = await payments.api('/api/subscription', { token: user.idToken });
    expect(view.body).toMatchObject({ isPremium: true, subscription: { plan: 'yearly', status: 'active' } });
    const verified = await verifyPayment(payments.api, user, first.paymentIntentId);
    expect(verified.body).toMatchObject({ status: 'refunded', message: expect.any(String) });
  });
});
