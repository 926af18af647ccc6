import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { createPool } from './pool';

/** What each `createDb` instance was made with. */
const origins = new WeakMap<object, { url: string; pool: pg.Pool }>();

/**
 * A Kysely instance over its own pg Pool; `db.destroy()` ends the pool. Generic over the
 * schema: the read tables' `Database` interface lives with the projections that own them.
 */
export function createDb<DB>(url: string, options: { max?: number } = {}): Kysely<DB> {
  const pool = createPool(url, options.max);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  origins.set(db, { url, pool });
  return db;
}

/**
 * The URL a `createDb` instance connects to, for the few things that need a dedicated
 * connection outside the pool (advisory-lock sessions, LISTEN).
 */
export function connectionStringOf<DB>(db: Kysely<DB>): string | undefined {
  return origins.get(db)?.url;
}

/**
 * Runs `query` as a prepared statement, named after its text: PostgreSQL plans it once per pool
 * connection (a generic plan, see createPool) instead of on every call, which for a large
 * statement read at a high rate costs more than running it. For statements read often whose
 * text takes few forms (each form stays prepared on each connection); through Kysely,
 * unprepared, for an instance `createDb` did not make.
 */
export async function executePrepared<DB, Row>(db: Kysely<DB>, query: CompiledQuery<Row>): Promise<Row[]> {
  const pool = origins.get(db)?.pool;
  if (!pool) return (await db.executeQuery(query)).rows;
  const name = `prepared-${createHash('sha1').update(query.sql).digest('base64url')}`;
  return (await pool.query<Row & pg.QueryResultRow>({ name, text: query.sql, values: [...query.parameters] }))
    .rows;
}
