import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema/database';

const HEARTBEAT_MS = 1000;

/** Advisory lock namespaces (first key of the two-key form). */
export const LOCK_CLASS = {
  live: 0x4c57_0001,
  rebuild: 0x4c57_0002,
  /** The scheduled sync of Open Food Facts' deltas: one process at a time (backend). */
  offSync: 0x4c57_0003,
} as const;

/** A stable positive 31-bit key for a projection name (FNV-1a). */
export function lockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}

/**
 * Session-level advisory locks held on one dedicated connection. If that connection dies,
 * PostgreSQL releases every lock it held, so `lost` aborts and the holder must stop writing.
 */
export class LockSession {
  private readonly lostController = new AbortController();

  private readonly heartbeat: NodeJS.Timeout;
  /** One query at a time on the shared client (pg deprecates queueing them itself). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly client: pg.Client) {
    const onLost = () => this.lostController.abort(new Error('advisory lock connection lost'));
    client.on('error', onLost);
    client.on('end', onLost);
    // A connection that died quietly only shows when used.
    this.heartbeat = setInterval(() => void this.query('select 1').catch(onLost), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  static async open(connectionString: string): Promise<LockSession> {
    const client = new pg.Client({ connectionString, application_name: 'labelwise-projection-locks' });
    await client.connect();
    return new LockSession(client);
  }

  get lost(): AbortSignal {
    return this.lostController.signal;
  }

  async tryAcquire(lockClass: number, name: string): Promise<boolean> {
    if (this.lost.aborted) return false;
    const { rows } = await this.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
      lockClass,
      lockKey(name),
    ]);
    return rows[0]!.ok;
  }

  async release(lockClass: number, name: string): Promise<void> {
    if (this.lost.aborted) return;
    await this.query('select pg_advisory_unlock($1, $2)', [lockClass, lockKey(name)]);
  }

  private query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    const result = this.queue.then(() => this.client.query<R>(text, values));
    this.queue = result.catch(() => {});
    return result;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.client.end().catch(() => {});
  }
}

/** Lock keys of `lockClass` held by some session right now, in this database. */
export async function heldLocks(db: Kysely<Database>, lockClass: number): Promise<Set<number>> {
  const { rows } = await sql<{ key: number }>`
    select objid::bigint::int as key from pg_locks
    where locktype = 'advisory' and granted and objsubid = 2 and classid = ${lockClass}::int::oid
      and database = (select oid from pg_database where datname = current_database())`.execute(db);
  return new Set(rows.map((row) => Number(row.key)));
}
