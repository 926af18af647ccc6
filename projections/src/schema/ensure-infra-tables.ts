import { sql, type Kysely } from 'kysely';

/**
 * Notified whenever projection checkpoints change, with the changed rows as
 * `name commit prepare state` joined by commas (empty if they would not fit a notification):
 * read-your-writes waits wake on it and learn the new positions without reading them.
 */
export const CHECKPOINTS_CHANNEL = 'labelwise_checkpoints';
/** PostgreSQL refuses a payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7900;

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
      alter table projection_checkpoints
        add column if not exists failing_stream text,
        add column if not exists failing_type text`.execute(trx);
    // Per statement, so a batch that moves many checkpoints sends one notification (on commit).
    await sql`
      create or replace function labelwise_checkpoints_changed() returns trigger language plpgsql as $$
      declare
        v_payload text;
      begin
        select string_agg(concat_ws(' ', name, commit, prepare, state), ',') into v_payload from changed;
        if length(v_payload) > ${sql.lit(MAX_PAYLOAD)} then v_payload := ''; end if;
        perform pg_notify(${sql.lit(CHECKPOINTS_CHANNEL)}, coalesce(v_payload, ''));
        return null;
      end $$`.execute(trx);
    await sql`
      create or replace trigger labelwise_checkpoints_changed after update on projection_checkpoints
      referencing new table as changed
      for each statement execute function labelwise_checkpoints_changed()`.execute(trx);
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
    // Where the last rebuild stopped, when it met an event the projection could not apply.
    await sql`
      alter table projection_rebuilds
        add column if not exists last_error text,
        add column if not exists failing_event_id text,
        add column if not exists failing_commit bigint,
        add column if not exists failing_prepare bigint,
        add column if not exists failing_stream text,
        add column if not exists failing_type text`.execute(trx);
  });
}
