import { sql, type Kysely } from 'kysely';

/** Idempotent DDL for the engine's own tables, serialized so parallel boots do not race. */
export async function ensureInfraTables<DB>(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('labelwise:projection-infra'))`.execute(trx);
    await sql`
      create table if not exists projection_checkpoints (
        name text primary key,
        version integer not null,
        commit bigint not null default 0,
        prepare bigint not null default 0,
        state text not null default 'running' check (state in ('running', 'parked')),
        last_error text,
        failing_event_id text,
        failing_commit bigint,
        failing_prepare bigint,
        updated_at timestamptz not null default now()
      )`.execute(trx);
    await sql`alter table projection_checkpoints add column if not exists data_version bigint not null default 0`.execute(
      trx,
    );
    await sql`
      create table if not exists projection_rebuilds (
        name text primary key,
        version integer not null,
        commit bigint not null default 0,
        prepare bigint not null default 0,
        processed bigint not null default 0,
        started_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(trx);
  });
}
