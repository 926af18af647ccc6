import { randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
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
  /** Each subject's key, made on first use; an erased subject has none (null) and never gets one again. */
  sealingKeys(subjects: readonly string[]): Promise<Map<string, SubjectKey | null>>;
  /** The keys still held among these ids; a destroyed key is absent. */
  openingKeys(ids: readonly string[]): Promise<Map<string, Buffer>>;
  /** Destroys these subjects' keys and marks them erased, in the caller's transaction. */
  destroy(client: pg.ClientBase, subjects: readonly string[]): Promise<void>;
}

/** How long a process trusts a key it looked up: another process that destroys it is believed within this. */
const KEY_TTL_MS = 60_000;

export const subjectKeysDdl = /* sql */ `
create table if not exists personal_data_keys (
  subject text primary key,
  key_id uuid not null unique,
  key bytea not null,
  created_at timestamptz not null default now()
);
-- Subjects whose keys were destroyed: never given a key again (a late or retried write is
-- recorded with its forgotten values). Holds no personal data, only the subject's stream name.
create table if not exists erased_subjects (
  subject text primary key,
  erased_at timestamptz not null default now()
);
`;

export class PostgresSubjectKeys implements SubjectKeys {
  private readonly bySubject = new LRUCache<string, SubjectKey>({ max: 50_000, ttl: KEY_TTL_MS });
  private readonly byId = new LRUCache<string, Buffer>({ max: 50_000, ttl: KEY_TTL_MS });

  constructor(private readonly pool: pg.Pool) {}

  async sealingKeys(subjects: readonly string[]): Promise<Map<string, SubjectKey | null>> {
    const keys = new Map<string, SubjectKey | null>();
    const missing = [...new Set(subjects)].filter((subject) => {
      const cached = this.bySubject.get(subject);
      if (cached) keys.set(subject, cached);
      return !cached;
    });
    if (missing.length === 0) return keys;
    const fresh = missing.map(() => ({ id: randomUUID(), key: randomBytes(32) }));
    const { rows } = await this.pool.query<{ subject: string; key_id: string; key: Buffer }>({
      name: 'labelwise_sealing_keys',
      text: `with wanted as (
               select * from unnest($1::text[], $2::uuid[], $3::bytea[]) w(subject, key_id, key)
               where not exists (select 1 from erased_subjects e where e.subject = w.subject)
             ), made as (
               insert into personal_data_keys (subject, key_id, key)
               select subject, key_id, key from wanted order by subject
               on conflict (subject) do nothing
               returning subject, key_id, key
             )
             select subject, key_id, key from made
             union all
             select k.subject, k.key_id, k.key from personal_data_keys k join wanted w using (subject)
             where not exists (select 1 from made m where m.subject = k.subject)`,
      values: [missing, fresh.map((key) => key.id), fresh.map((key) => key.key)],
    });
    // A subject missing here is erased, or its key was made by a concurrent first use whose commit
    // this statement's snapshot predates: a new statement sees that one.
    const found = new Set(rows.map((row) => row.subject));
    const raced = missing.filter((subject) => !found.has(subject));
    if (raced.length > 0) rows.push(...(await this.keysOf(raced)));
    for (const subject of missing) keys.set(subject, null);
    for (const row of rows) {
      const key = { id: row.key_id, key: row.key };
      this.remember(row.subject, key);
      keys.set(row.subject, key);
    }
    return keys;
  }

  private async keysOf(subjects: readonly string[]) {
    const { rows } = await this.pool.query<{ subject: string; key_id: string; key: Buffer }>(
      'select subject, key_id, key from personal_data_keys where subject = any($1::text[])',
      [subjects],
    );
    return rows;
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

  async destroy(client: pg.ClientBase, subjects: readonly string[]): Promise<void> {
    const { rows } = await client.query<{ key_id: string }>(
      'delete from personal_data_keys where subject = any($1::text[]) returning key_id',
      [subjects],
    );
    await client.query(
      'insert into erased_subjects (subject) select unnest($1::text[]) on conflict do nothing',
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
