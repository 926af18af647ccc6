import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { claimStreamOf } from '../username-claim-key';

/** Legacy claim streams renamed per statement. */
const BATCH = 5000;

/**
 * The key that names username claim streams (see `username-claims.ts`), made once; then, where
 * the events are in this database, every claim stream still named by its username
 * (`username-{lowercase}`) is renamed to its keyed name, the one other change to the log besides
 * an erasure's (no revision, position or payload changes). A stream whose keyed name is taken
 * already (a process of the version before wrote it meanwhile) keeps its old name: claims are
 * still decided on top of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists username_claim_key (
      only_row boolean primary key default true check (only_row),
      key bytea not null
    )`.execute(db);
  await sql`insert into username_claim_key (key) values (${randomBytes(32)}) on conflict do nothing`.execute(
    db,
  );
  const { rows: present } = await sql<{ events: boolean }>`
    select to_regclass('events') is not null and to_regclass('streams') is not null as events`.execute(db);
  if (!present[0]!.events) return;
  const { rows: keyRows } = await sql<{ key: Buffer }>`select key from username_claim_key`.execute(db);
  const key = keyRows[0]!.key;
  const { rows } = await sql<{ stream_id: string }>`
    select stream_id from streams
    where stream_id like 'username-%' and stream_id !~ '^username-[0-9a-f]{64}$'`.execute(db);
  for (let start = 0; start < rows.length; start += BATCH) {
    const old = rows.slice(start, start + BATCH).map((row) => row.stream_id);
    const renamed = old.map((id) => claimStreamOf(key, id.slice('username-'.length)));
    await sql`
      with moves as (
        select m.old, m.new from unnest(${old}::text[], ${renamed}::text[]) m(old, new)
        where not exists (select 1 from streams s where s.stream_id = m.new)
      ), moved_events as (
        update events e set stream_id = moves.new from moves where e.stream_id = moves.old
      )
      update streams s set stream_id = moves.new from moves where s.stream_id = moves.old`.execute(db);
  }
}
