import { sql, type Kysely } from 'kysely';

/**
 * The tables that are not projections, as the code created them at start-up before migrations
 * existed, statement for statement. Every statement is `if not exists` (or replaces what it
 * changes), so a database that code created is brought under migrations unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each request's first answer, kept for retries with the same Idempotency-Key.
  await sql`
    create table if not exists idempotent_requests (
      principal text not null,
      key text not null,
      fingerprint text not null,
      status smallint,
      body jsonb,
      memo jsonb not null default '{}',
      created_at timestamptz not null default now(),
      started_at timestamptz not null default now(),
      primary key (principal, key)
    )`.execute(db);
  await sql`create index if not exists idempotent_requests_created_at on idempotent_requests (created_at)`.execute(
    db,
  );

  // Rate-limit counters. Unlogged: not worth a WAL write each, and a crash that empties them only
  // lets everyone start a fresh window.
  await sql`
    create unlogged table if not exists rate_limit_hits (
      key text primary key,
      hits integer not null,
      reset_at timestamptz not null
    )`.execute(db);

  // Photo scans per user per UTC day.
  await sql`
    create table if not exists ocr_daily_usage (
      uid text not null,
      day date not null,
      count integer not null,
      primary key (uid, day)
    )`.execute(db);

  // Product and article ids.
  await sql`create sequence if not exists product_id_seq as bigint start 1`.execute(db);
  await sql`create sequence if not exists article_id_seq as bigint start 1`.execute(db);

  // Each user's Stripe customer, and the local test-mode provider's own records.
  await sql`
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
  `.execute(db);

  // The importer's barcode index and how far into the event log it has folded.
  await sql`
    create table if not exists off_import_index (
      barcode text primary key,
      product_id bigint not null,
      last_modified_t bigint
    )`.execute(db);
  await sql`
    create table if not exists off_import_checkpoint (
      id boolean primary key default true check (id),
      commit_position numeric not null,
      prepare_position numeric not null
    )`.execute(db);
}
