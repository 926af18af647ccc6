import type { PaymentProvider } from '../port';
import type { PaymentDb } from '../tables';
import type { CardInput } from './test-cards';
import { checkTestPayment, confirmTestPayment, type TestConfirmation } from './test-payment-intents';
import { createTestSubscription, dueTestChanges, endTestSubscription } from './test-subscriptions';

export interface TestPaymentProvider extends PaymentProvider {
  readonly mode: 'test';
  /** The browser's card confirmation (what Stripe.js `confirmPayment` does against Stripe). */
  confirmPayment(uid: string, clientSecret: string, card: CardInput, now: Date): Promise<TestConfirmation>;
}

/**
 * A local stand-in for Stripe, used when no Stripe key is configured: subscriptions and
 * PaymentIntents live in its own tables, test cards decide payments, and it reports the same
 * subscription changes Stripe's webhooks do. Test subscriptions renew by themselves at their
 * period end (no card is charged) unless cancelled, in which case they end then.
 */
export function createTestPaymentProvider(db: PaymentDb): TestPaymentProvider {
  return {
    mode: 'test',
    createSubscription: ({ uid }, plan, requestId) => createTestSubscription(db, uid, plan, requestId),
    confirmPayment: (uid, clientSecret, card, now) => confirmTestPayment(db, uid, clientSecret, card, now),
    checkPayment: (uid, paymentIntentId) => checkTestPayment(db, uid, paymentIntentId),

    async cancelAtPeriodEnd(subscriptionId) {
      await db
        .updateTable('test_subscriptions')
        .set({ cancel_at_period_end: true })
        .where('id', '=', subscriptionId)
        .execute();
    },

    cancelNow: (subscriptionId) => endTestSubscription(db, subscriptionId),

    async refundInFull(paymentId) {
      await db
        .updateTable('test_payment_intents')
        .set((eb) => ({ amount_refunded: eb.ref('amount') }))
        .where('id', '=', paymentId)
        .where('status', '=', 'succeeded')
        .where('amount_refunded', '=', 0)
        .execute();
    },

    async openSubscriptions(uid) {
      return db
        .selectFrom('test_subscriptions')
        .select(['id as subscriptionId', 'request_id as requestId'])
        .where('uid', '=', uid)
        .where('status', 'in', ['incomplete', 'active'])
        .execute();
    },

    // Test mode keeps no customer record: its subscriptions and payments are the provider's accounts.
    async deleteCustomer() {},

    dueChanges: (now, uid) => dueTestChanges(db, now, uid),
  };
}
