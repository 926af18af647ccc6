import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { conflict, invalid, notFound, type Plan } from '@labelwise/domain';
import { PLANS, periodEndAfter } from '../plans';
import type { ActivatedChange, DueChange, PaymentCheck, PaymentProvider, PendingSubscription } from '../port';
import type { PaymentDb } from '../tables';
import { chargeTestCard, type CardInput } from './test-cards';

/** Test subscriptions renew a little before their period ends, so access never lapses between sweeps. */
const RENEWAL_LEAD_MS = 5 * 60_000;

const token = (bytes: number) =>
  randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

export type TestConfirmation =
  | { ok: true; activation: ActivatedChange }
  | { ok: false; kind: 'invalid' | 'declined'; code: string; message: string };

export interface TestPaymentProvider extends PaymentProvider {
  readonly mode: 'test';
  /** The browser's card confirmation (what Stripe.js `confirmPayment` does against Stripe). */
  confirmPayment(uid: string, clientSecret: string, card: CardInput, now: Date): Promise<TestConfirmation>;
}

/** A first payment can no longer be made once its subscription is cancelled: a newer upgrade replaced it. */
export const REPLACED_PAYMENT_MESSAGE =
  'This payment was cancelled because a newer upgrade was started. Please start the upgrade again.';

/** Why a PaymentIntent that is not waiting for a card cannot be confirmed. */
function unexpectedState(status: 'succeeded' | 'canceled') {
  return status === 'succeeded'
    ? invalid(
        'PAYMENT_INTENT_UNEXPECTED_STATE',
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      )
    : conflict('PAYMENT_CANCELLED', REPLACED_PAYMENT_MESSAGE);
}

/**
 * A local stand-in for Stripe, used when no Stripe key is configured: subscriptions and
 * PaymentIntents live in its own tables, test cards decide payments, and it reports the same
 * subscription changes Stripe's webhooks do. Test subscriptions renew by themselves at their
 * period end (no card is charged) unless cancelled, in which case they end then.
 */
export function createTestPaymentProvider(db: PaymentDb): TestPaymentProvider {
  const activation = (
    sub: { id: string; uid: string; plan: Plan; request_id: string | null },
    paymentId: string | null,
    periodEnd: Date,
  ): ActivatedChange => ({
    type: 'activated',
    uid: sub.uid,
    plan: sub.plan,
    provider: 'test',
    subscriptionId: sub.id,
    requestId: sub.request_id,
    paymentId,
    periodEnd,
  });

  return {
    mode: 'test',

    async createSubscription({ uid }, plan, requestId): Promise<PendingSubscription> {
      return db.transaction().execute(async (trx) => {
        // Concurrent calls for one request wait here, then find the subscription the first made.
        await sql`select pg_advisory_xact_lock(hashtext(${requestId}))`.execute(trx);
        const existing = await trx
          .selectFrom('test_subscriptions as s')
          .innerJoin('test_payment_intents as p', 'p.subscription_id', 's.id')
          .select(['s.id as subscriptionId', 'p.id as paymentIntentId', 'p.client_secret as clientSecret'])
          .where('s.request_id', '=', requestId)
          .executeTakeFirst();
        if (existing) return existing;
        const subscriptionId = `sub_test_${token(24)}`;
        const paymentIntentId = `pi_test_${token(24)}`;
        const clientSecret = `${paymentIntentId}_secret_${token(24)}`;
        await trx
          .insertInto('test_subscriptions')
          .values({
            id: subscriptionId,
            uid,
            plan,
            status: 'incomplete',
            started_at: null,
            current_period_end: null,
            cancel_at_period_end: false,
            request_id: requestId,
          })
          .execute();
        await trx
          .insertInto('test_payment_intents')
          .values({
            id: paymentIntentId,
            client_secret: clientSecret,
            uid,
            subscription_id: subscriptionId,
            amount: PLANS[plan].amount,
            currency: PLANS[plan].currency,
            status: 'requires_payment_method',
            last_error: null,
          })
          .execute();
        return { subscriptionId, paymentIntentId, clientSecret };
      });
    },

    async confirmPayment(uid, clientSecret, card, now) {
      const intent = await db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('client_secret', '=', clientSecret)
        .executeTakeFirst();
      if (!intent || intent.uid !== uid) throw notFound('PAYMENT_NOT_FOUND', 'No such payment.');
      if (intent.status !== 'requires_payment_method') throw unexpectedState(intent.status);

      const outcome = chargeTestCard(card, now);
      if (!outcome.ok) {
        await db
          .updateTable('test_payment_intents')
          .set({ last_error: outcome.message })
          .where('id', '=', intent.id)
          .execute();
        return outcome;
      }
      return db.transaction().execute(async (trx) => {
        // The subscription first, as cancelNow locks it: a payment and a cancellation never cross.
        const sub = await trx
          .selectFrom('test_subscriptions')
          .select(['id', 'uid', 'plan', 'request_id'])
          .where('id', '=', intent.subscription_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const paid = await trx
          .updateTable('test_payment_intents')
          .set({ status: 'succeeded', last_error: null })
          .where('id', '=', intent.id)
          .where('status', '=', 'requires_payment_method')
          .returning('id')
          .executeTakeFirst();
        if (!paid) {
          const { status } = await trx
            .selectFrom('test_payment_intents')
            .select('status')
            .where('id', '=', intent.id)
            .executeTakeFirstOrThrow();
          throw unexpectedState(status === 'canceled' ? status : 'succeeded');
        }
        const periodEnd = periodEndAfter(now, sub.plan, now);
        await trx
          .updateTable('test_subscriptions')
          .set({ status: 'active', started_at: now, current_period_end: periodEnd })
          .where('id', '=', sub.id)
          .execute();
        return { ok: true as const, activation: activation(sub, intent.id, periodEnd) };
      });
    },

    async checkPayment(uid, paymentIntentId): Promise<PaymentCheck> {
      const intent = await db
        .selectFrom('test_payment_intents as pi')
        .innerJoin('test_subscriptions as sub', 'sub.id', 'pi.subscription_id')
        .select([
          'pi.id',
          'pi.uid',
          'pi.status',
          'pi.last_error',
          'pi.amount_refunded',
          'sub.id as subscriptionId',
          'sub.plan',
          'sub.request_id',
          'sub.started_at',
        ])
        .where('pi.id', '=', paymentIntentId)
        .executeTakeFirst();
      if (!intent || intent.uid !== uid) throw notFound('PAYMENT_NOT_FOUND', 'No such payment.');
      if (intent.status === 'succeeded' && intent.started_at) {
        // The first period's activation, exactly as confirmPayment reported it.
        const firstPeriodEnd = periodEndAfter(intent.started_at, intent.plan, intent.started_at);
        return {
          status: 'succeeded',
          activation: activation(
            { id: intent.subscriptionId, uid, plan: intent.plan, request_id: intent.request_id },
            intent.id,
            firstPeriodEnd,
          ),
          refunded: intent.amount_refunded > 0,
        };
      }
      if (intent.status === 'canceled') return { status: 'failed', message: REPLACED_PAYMENT_MESSAGE };
      return intent.last_error ? { status: 'failed', message: intent.last_error } : { status: 'pending' };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await db
        .updateTable('test_subscriptions')
        .set({ cancel_at_period_end: true })
        .where('id', '=', subscriptionId)
        .execute();
    },

    async cancelNow(subscriptionId) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('test_subscriptions')
          .set({ status: 'ended' })
          .where('id', '=', subscriptionId)
          .execute();
        await trx
          .updateTable('test_payment_intents')
          .set({ status: 'canceled' })
          .where('subscription_id', '=', subscriptionId)
          .where('status', '=', 'requires_payment_method')
          .execute();
      });
    },

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

    async dueChanges(now, uid): Promise<DueChange[]> {
      let query = db
        .selectFrom('test_subscriptions')
        .selectAll()
        .where('status', '=', 'active')
        .where('current_period_end', '<=', new Date(now.getTime() + RENEWAL_LEAD_MS));
      if (uid) query = query.where('uid', '=', uid);
      const due = await query.execute();
      return due.flatMap((sub): DueChange[] => {
        const periodEnd = sub.current_period_end!;
        if (sub.cancel_at_period_end) {
          if (periodEnd > now) return [];
          const ended = async () => {
            await db
              .updateTable('test_subscriptions')
              .set({ status: 'ended' })
              .where('id', '=', sub.id)
              .execute();
          };
          return [{ change: { type: 'expired', uid: sub.uid, subscriptionId: sub.id }, settle: ended }];
        }
        const nextEnd = periodEndAfter(sub.started_at!, sub.plan, periodEnd > now ? periodEnd : now);
        const renewed = async () => {
          await db
            .updateTable('test_subscriptions')
            .set({ current_period_end: nextEnd })
            .where('id', '=', sub.id)
            .where('current_period_end', '<', nextEnd)
            .execute();
        };
        return [{ change: activation(sub, null, nextEnd), settle: renewed }];
      });
    },
  };
}
