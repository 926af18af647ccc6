import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import { createPool } from './pool';
import { prepareRecurringStatements } from './recurring-statements';

/** The URL and the pool of each `createDb` instance. */
const urls = new WeakMap<object, string>();
const pools = new WeakMap<object, pg.Pool>();

/**
 * A Kysely instance over its own pg Pool, which prepares the statements it runs again and again
 * (prepareRecurringStatements); `db.destroy()` ends the pool. Generic over the schema: the read
 * tables' `Database` interface lives with the projections that own them.
 */
export function createDb<DB>(url: string, options: { max?: number } = {}): Kysely<DB> {
  const pool = createPool(url, options.max);
  prepareRecurringStatements(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  urls.set(db, url);
  pools.set(db, pool);
  return db;
}

/**
 * The URL a `createDb` instance connects to, for the few things that need a dedicated
 * connection outside the pool (advisory-lock sessions, LISTEN).
 */
export function connectionStringOf<DB>(db: Kysely<DB>): string | undefined {
  return urls.get(db);
}

/** The pg Pool of a `createDb` instance, for another Kysely instance that sends some reads to it. */
export function poolOf<DB>(db: Kysely<DB>): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * Runs `query` with PostgreSQL's generic plan for it (`plan_cache_mode` forced for its
 * transaction only; the statement is prepared once it recurs, see prepareRecurringStatements).
 * For a large statement read at a high rate that PostgreSQL would otherwise plan anew on every
 * call because its generic plan's estimate is the higher, although that plan runs as fast:
 * planning then costs more than running. Elsewhere PostgreSQL's own choice stands, as a generic
 * plan can be far worse for a statement whose best plan depends on its values.
 */
export async function executeWithGenericPlan<DB, Row>(
  db: Kysely<DB>,
  query: CompiledQuery<Row>,
): Promise<Row[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    return (await trx.executeQuery(query)).rows;
  });
}
