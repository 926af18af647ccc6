import { conflict, invalid, notFound } from '@labelwise/domain';
import { periodEndAfter } from '../plans';
import type { ActivatedChange, PaymentCheck } from '../port';
import type { PaymentDb } from '../tables';
import { chargeTestCard, type CardInput } from './test-cards';
import { testActivation } from './test-subscriptions';

export type TestConfirmation =
  | { ok: true; activation: ActivatedChange }
  | { ok: false; kind: 'invalid' | 'declined'; code: string; message: string };

/** A first payment can no longer be made once its subscription is cancelled: a newer upgrade replaced it. */
export const REPLACED_PAYMENT_MESSAGE =
  'This payment was cancelled because a newer upgrade was started. Please start the upgrade again.';

const paymentNotFound = () => notFound('PAYMENT_NOT_FOUND', 'No such payment.');

/** Why a PaymentIntent that is not waiting for a card cannot be confirmed. */
function unexpectedState(status: 'succeeded' | 'canceled') {
  return status === 'succeeded'
    ? invalid(
        'PAYMENT_INTENT_UNEXPECTED_STATE',
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      )
    : conflict('PAYMENT_CANCELLED', REPLACED_PAYMENT_MESSAGE);
}

/** The browser's card confirmation: a test card decides, a declined one is remembered on the intent. */
export async function confirmTestPayment(
  db: PaymentDb,
  uid: string,
  clientSecret: string,
  card: CardInput,
  now: Date,
): Promise<TestConfirmation> {
  const intent = await db
    .selectFrom('test_payment_intents')
    .selectAll()
    .where('client_secret', '=', clientSecret)
    .executeTakeFirst();
  if (!intent || intent.uid !== uid) throw paymentNotFound();
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
  return { ok: true, activation: await payAndActivate(db, intent, now) };
}

/** Marks the intent paid and starts its subscription's first period, unless it was paid or cancelled meanwhile. */
async function payAndActivate(
  db: PaymentDb,
  intent: { id: string; subscription_id: string },
  now: Date,
): Promise<ActivatedChange> {
  return db.transaction().execute(async (trx) => {
    // The subscription first, as endTestSubscription locks it: a payment and a cancellation never cross.
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
    return testActivation(sub, intent.id, periodEnd);
  });
}

/** A payment as `POST /api/verify-payment` sees it; a paid one reports its first period's activation again. */
export async function checkTestPayment(
  db: PaymentDb,
  uid: string,
  paymentIntentId: string,
): Promise<PaymentCheck> {
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
  if (!intent || intent.uid !== uid) throw paymentNotFound();
  if (intent.status === 'succeeded' && intent.started_at) {
    // The first period's activation, exactly as confirmPayment reported it.
    const firstPeriodEnd = periodEndAfter(intent.started_at, intent.plan, intent.started_at);
    return {
      status: 'succeeded',
      activation: testActivation(
        { id: intent.subscriptionId, uid, plan: intent.plan, request_id: intent.request_id },
        intent.id,
        firstPeriodEnd,
      ),
      refunded: intent.amount_refunded > 0,
    };
  }
  if (intent.status === 'canceled') return { status: 'failed', message: REPLACED_PAYMENT_MESSAGE };
  return intent.last_error ? { status: 'failed', message: intent.last_error } : { status: 'pending' };
}
