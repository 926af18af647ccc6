import { sql, type Generated, type Kysely } from 'kysely';

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

/** The payment provider's customer id for a user, once one was created. */
export async function customerIdOf(db: PaymentDb, uid: string): Promise<string | undefined> {
  const known = await db
    .selectFrom('payment_customers')
    .select('customer_id')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return known?.customer_id;
}

const ddl = sql`
create table if not exists payment_customers (
  uid text primary key,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);
create table if not exists test_subscriptions (
  id text primary key,
  uid text not null,
  plan text not null check (plan in ('monthly', 'yearly')),
  status text not null check (status in ('incomplete', 'active', 'ended')),
  started_at timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now()
);
alter table test_subscriptions add column if not exists request_id text unique;
create index if not exists test_subscriptions_due on test_subscriptions (current_period_end) where status = 'active';
create table if not exists test_payment_intents (
  id text primary key,
  client_secret text not null unique,
  uid text not null,
  subscription_id text not null references test_subscriptions (id),
  amount integer not null,
  currency text not null,
  status text not null,
  last_error text,
  created_at timestamptz not null default now()
);
alter table test_payment_intents add column if not exists amount_refunded integer not null default 0;
alter table test_payment_intents drop constraint if exists test_payment_intents_status_check;
alter table test_payment_intents add constraint test_payment_intents_status_check
  check (status in ('requires_payment_method', 'succeeded', 'canceled'));
`;

/** Creates the tables once per process (idempotent; serialised across processes by an advisory lock). */
export function paymentTables<DB>(db: Kysely<DB>): () => Promise<PaymentDb> {
  const typed = db.withTables<PaymentTables>() as unknown as PaymentDb;
  let ready: Promise<PaymentDb> | undefined;
  return () => {
    ready ??= db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('labelwise:payment-tables'))`.execute(trx);
        await ddl.execute(trx);
      })
      .then(() => typed)
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    return ready;
  };
}
