import type { Kysely } from 'kysely';
import { createDb as createKysely } from '@labelwise/runtime';
import type { Database } from './database';

/** A Kysely instance over the read tables, on its own pg Pool; `db.destroy()` ends the pool. */
export function createDb(url: string, options: { max?: number } = {}): Kysely<Database> {
  return createKysely<Database>(url, options);
}
