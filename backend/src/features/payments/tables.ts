import type { Generated, Kysely } from 'kysely';

/**
 * Tables the payments feature owns. They are not read models (nothing here is rebuilt from
 * events): `payment_customers` remembers each user's Stripe customer, and the `test_*`
 * tables are the local test-mode provider's own records, as Stripe keeps its own.
 */
export type PaymentTables = {
  payment_customers: { uid: string; customer_id: string; created_at: Generated<Date> };
  test_payment_intents: {
    id: string;
    client_secret: string;
    uid: string;
    subscription_id: string;
    amount: number;
    currency: string;
    /** As Stripe: a refunded payment stays `succeeded`, with the refund in `amount_refunded`. */
    status: 'requires_payment_method' | 'succeeded' | 'canceled';
    amount_refunded: Generated<number>;
    last_error: string | null;
    created_at: Generated<Date>;
  };
  test_subscriptions: {
    id: string;
    uid: string;
    plan: 'monthly' | 'yearly';
    status: 'incomplete' | 'active' | 'ended';
    /** When the first payment succeeded; billing periods count from it. */
    started_at: Date | null;
    current_period_end: Date | null;
    cancel_at_period_end: boolean;
    /** The membership request it answers: one subscription per request. */
    request_id: string | null;
    created_at: Generated<Date>;
  };
};

export type PaymentDb = Kysely<PaymentTables>;

/** The payments tables typed on `db` (created by the migrations, `backend/src/db/migrate.ts`). */
export function paymentDb<DB>(db: Kysely<DB>): PaymentDb {
  return db.withTables<PaymentTables>() as unknown as PaymentDb;
}

/** The payment provider's customer id for a user, once one was created. */
export async function customerIdOf(db: PaymentDb, uid: string): Promise<string | undefined> {
  const known = await db
    .selectFrom('payment_customers')
    .select('customer_id')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return known?.customer_id;
}
