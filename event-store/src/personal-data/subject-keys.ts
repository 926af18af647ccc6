import { randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { SubjectErased } from '../port';
import { inTransaction } from '../postgres/transaction';

/** A subject's data key: the id the log names it by, and the 256-bit AES key. */
export interface SubjectKey {
  id: string;
  key: Buffer;
}

/**
 * The data keys of the subjects whose personal fields the log holds sealed (`user-{uid}`,
 * `review-{id}`), kept outside the log in PostgreSQL whichever event store holds the events.
 * Destroying a subject's key forgets every sealed field of theirs, in every copy of the log.
 */
export interface SubjectKeys {
  /** Each subject's key, made on first use; an erased subject has none (absent) and never gets one again. */
  sealingKeys(subjects: readonly string[]): Promise<Map<string, SubjectKey>>;
  /** The keys still held among these ids; a destroyed key is absent. */
  openingKeys(ids: readonly string[]): Promise<Map<string, Buffer>>;
  /**
   * Marks these subjects erased (their keys stay until `destroy`): no key is made or used for them
   * from then on. Resolves once every write that checked them open (`whileOpen`) has finished.
   */
  markErased(subjects: readonly string[]): Promise<void>;
  /** Runs `write` unless a subject is erased (SubjectErased); their erasure waits until it is done. */
  whileOpen<T>(subjects: readonly string[], write: () => Promise<T>): Promise<T>;
  /** Destroys these subjects' keys and marks them erased, in the caller's transaction. */
  destroy(client: pg.ClientBase, subjects: readonly string[]): Promise<void>;
}

/** How long a process trusts a key it looked up: another process that destroys it is believed within this. */
const KEY_TTL_MS = 60_000;

/**
 * Advisory lock namespace of per-subject locks (second key: the subject's hash). A write for a
 * subject holds it shared until it commits; marking the subject erased takes it alone, so the two
 * are ordered: a write either lands before the erasure begins or is refused.
 */
const SUBJECT_LOCK_CLASS = 0x4c57_0005;

/** The subjects' locks taken in hash order (the same order everywhere, so no two takers deadlock). */
const lockSubjects = (fn: 'pg_advisory_xact_lock' | 'pg_advisory_xact_lock_shared', subjects: string) =>
  `perform ${fn}(${SUBJECT_LOCK_CLASS}, k.key)
  from (select distinct hashtext(s) as key from unnest(${subjects}) s order by 1) k;`;

export const subjectKeysDdl = /* sql */ `
create table if not exists personal_data_keys (
  subject text primary key,
  key_id uuid not null unique,
  key bytea not null,
  created_at timestamptz not null default now()
);
-- Subjects whose erasure began: never given a key again, and no write for them lands (a late or
-- retried one is refused). Holds no personal data, only the subject's stream name.
create table if not exists erased_subjects (
  subject text primary key,
  erased_at timestamptz not null default now()
);

-- Whether none of the subjects is erased, holding each one's lock shared until the transaction
-- ends: the appends and key lookups that pass wait for no erasure, and an erasure waits for them.
-- Each statement of a plpgsql function reads afresh (read committed), so the check sees an erasure
-- that committed while this waited for its lock.
create or replace function subjects_open(p_subjects text[]) returns boolean language plpgsql volatile as $fn$
begin
  if coalesce(cardinality(p_subjects), 0) = 0 then return true; end if;
  ${lockSubjects('pg_advisory_xact_lock_shared', 'p_subjects')}
  return not exists (select 1 from erased_subjects e where e.subject = any (p_subjects));
end
$fn$;

-- Marks the subjects erased once the writes holding their locks have committed.
create or replace function erase_subjects(p_subjects text[]) returns void language plpgsql volatile as $fn$
begin
  ${lockSubjects('pg_advisory_xact_lock', 'p_subjects')}
  insert into erased_subjects (subject) select unnest(p_subjects) on conflict do nothing;
end
$fn$;

-- The subjects' keys, made for those without one; none for an erased subject. The insert waits
-- for a concurrent first use of the same subject, and the select after it, reading afresh, sees
-- the key that one made.
create or replace function sealing_keys(p_subjects text[], p_key_ids uuid[], p_keys bytea[])
returns table (subject text, key_id uuid, key bytea) language plpgsql volatile as $fn$
#variable_conflict use_column
begin
  perform subjects_open(p_subjects);
  insert into personal_data_keys (subject, key_id, key)
  select w.subject, w.key_id, w.key from unnest(p_subjects, p_key_ids, p_keys) w(subject, key_id, key)
  where not exists (select 1 from erased_subjects e where e.subject = w.subject)
  order by w.subject
  on conflict (subject) do nothing;
  return query
    select k.subject, k.key_id, k.key from personal_data_keys k
    where k.subject = any (p_subjects)
      and not exists (select 1 from erased_subjects e where e.subject = k.subject);
end
$fn$;
`;

export class PostgresSubjectKeys implements SubjectKeys {
  private readonly bySubject = new LRUCache<string, SubjectKey>({ max: 50_000, ttl: KEY_TTL_MS });
  private readonly byId = new LRUCache<string, Buffer>({ max: 50_000, ttl: KEY_TTL_MS });

  constructor(private readonly pool: pg.Pool) {}

  async sealingKeys(subjects: readonly string[]): Promise<Map<string, SubjectKey>> {
    const keys = new Map<string, SubjectKey>();
    const missing = [...new Set(subjects)].filter((subject) => {
      const cached = this.bySubject.get(subject);
      if (cached) keys.set(subject, cached);
      return !cached;
    });
    if (missing.length === 0) return keys;
    const fresh = missing.map(() => ({ id: randomUUID(), key: randomBytes(32) }));
    const { rows } = await this.pool.query<{ subject: string; key_id: string; key: Buffer }>({
      name: 'labelwise_sealing_keys',
      text: 'select subject, key_id, key from sealing_keys($1::text[], $2::uuid[], $3::bytea[])',
      values: [missing, fresh.map((key) => key.id), fresh.map((key) => key.key)],
    });
    for (const row of rows) {
      const key = { id: row.key_id, key: row.key };
      this.remember(row.subject, key);
      keys.set(row.subject, key);
    }
    return keys;
  }

  async openingKeys(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    const missing = [...new Set(ids)].filter((id) => {
      const cached = this.byId.get(id);
      if (cached) keys.set(id, cached);
      return !cached;
    });
    if (missing.length === 0) return keys;
    const { rows } = await this.pool.query<{ subject: string; key_id: string; key: Buffer }>({
      name: 'labelwise_opening_keys',
      text: 'select subject, key_id, key from personal_data_keys where key_id = any($1::uuid[])',
      values: [missing],
    });
    for (const row of rows) {
      this.remember(row.subject, { id: row.key_id, key: row.key });
      keys.set(row.key_id, row.key);
    }
    return keys;
  }

  async markErased(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    await this.pool.query('select erase_subjects($1::text[])', [subjects]);
    for (const subject of subjects) this.bySubject.delete(subject);
  }

  async whileOpen<T>(subjects: readonly string[], write: () => Promise<T>): Promise<T> {
    if (subjects.length === 0) return write();
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ open: boolean }>('select subjects_open($1::text[]) as open', [
        subjects,
      ]);
      if (!rows[0]!.open) throw new SubjectErased(subjects);
      return write();
    });
  }

  async destroy(client: pg.ClientBase, subjects: readonly string[]): Promise<void> {
    await client.query('select erase_subjects($1::text[])', [subjects]);
    const { rows } = await client.query<{ key_id: string }>(
      'delete from personal_data_keys where subject = any($1::text[]) returning key_id',
      [subjects],
    );
    for (const subject of subjects) this.bySubject.delete(subject);
    for (const { key_id } of rows) this.byId.delete(key_id);
  }

  private remember(subject: string, key: SubjectKey) {
    this.bySubject.set(subject, key);
    this.byId.set(key.id, key.key);
  }
}

/** Creates the key tables; idempotent, and safe when several processes start at once. */
export async function ensureSubjectKeyTables(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query("select pg_advisory_xact_lock(hashtext('labelwise:subject-keys-schema'))");
    await client.query(subjectKeysDdl);
  });
}
