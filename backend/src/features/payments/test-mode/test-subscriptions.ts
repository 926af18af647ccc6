import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Plan } from '@labelwise/domain';
import { PLANS, periodEndAfter } from '../plans';
import type { ActivatedChange, DueChange, PendingSubscription } from '../port';
import type { PaymentDb, PaymentTables } from '../tables';

/** Test subscriptions renew a little before their period ends, so access never lapses between sweeps. */
const RENEWAL_LEAD_MS = 5 * 60_000;

const token = (bytes: number) =>
  randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

/** The activation a test subscription reports for a period, paid (`paymentId`) or renewed (null). */
export const testActivation = (
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

/** An incomplete subscription with its first PaymentIntent; the same request always gets the same one. */
export async function createTestSubscription(
  db: PaymentDb,
  uid: string,
  plan: Plan,
  requestId: string,
): Promise<PendingSubscription> {
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
}

/** Ends a subscription now; its first payment, if still unpaid, can no longer be made. */
export async function endTestSubscription(db: PaymentDb, subscriptionId: string): Promise<void> {
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
}

/** Active subscriptions whose period ends by `now` (renewals a little before): expiries and renewals. */
export async function dueTestChanges(db: PaymentDb, now: Date, uid?: string): Promise<DueChange[]> {
  let query = db
    .selectFrom('test_subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('current_period_end', '<=', new Date(now.getTime() + RENEWAL_LEAD_MS));
  if (uid) query = query.where('uid', '=', uid);
  const due = await query.execute();
  return due.flatMap((sub) => dueChangeOf(db, sub, now));
}

/** A cancelled subscription expires once its period has ended; any other renews into its next period. */
function dueChangeOf(
  db: PaymentDb,
  sub: Selectable<PaymentTables['test_subscriptions']>,
  now: Date,
): DueChange[] {
  const periodEnd = sub.current_period_end!;
  if (sub.cancel_at_period_end) {
    if (periodEnd > now) return [];
    const ended = async () => {
      await db.updateTable('test_subscriptions').set({ status: 'ended' }).where('id', '=', sub.id).execute();
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
  return [{ change: testActivation(sub, null, nextEnd), settle: renewed }];
}
