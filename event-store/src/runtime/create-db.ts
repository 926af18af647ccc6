import { Kysely, PostgresDialect } from 'kysely';
import { createPool } from './pool';
import { prepareRecurringStatements } from './recurring-statements';

/** The URL each `createDb` instance connects to. */
const urls = new WeakMap<object, string>();

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
  return db;
}

/**
 * The URL a `createDb` instance connects to, for the few things that need a dedicated
 * connection outside the pool (advisory-lock sessions, LISTEN).
 */
export function connectionStringOf<DB>(db: Kysely<DB>): string | undefined {
  return urls.get(db);
}
