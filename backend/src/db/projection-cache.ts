import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database, ProjectionName } from '@labelwise/projections';

const DEFAULT_CAPACITY = 500;

/**
 * Remembers answers computed from one projection's tables until those tables change (the
 * projection's `data_version` moves in the transaction that changes them), so a repeated query
 * costs one primary-key lookup instead of its own work, and is never staler than a fresh one.
 * Bounded: the least recently used answer goes first.
 */
export function projectionCache<T>(
  db: Kysely<Database>,
  projection: ProjectionName,
  capacity = DEFAULT_CAPACITY,
) {
  const entries = new LRUCache<string, { version: string; value: Promise<T> }>({ max: capacity });
  return async (key: string, compute: () => Promise<T>): Promise<T> => {
    const checkpoint = await db
      .selectFrom('projection_checkpoints')
      .select('data_version')
      .where('name', '=', projection)
      .executeTakeFirst();
    if (!checkpoint) return compute();
    const hit = entries.get(key);
    if (hit?.version === checkpoint.data_version) return hit.value;
    const entry = { version: checkpoint.data_version, value: compute() };
    entries.set(key, entry);
    entry.value.catch(() => entries.peek(key) === entry && entries.delete(key));
    return entry.value;
  };
}
