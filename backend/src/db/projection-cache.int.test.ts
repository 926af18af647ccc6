import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@labelwise/projections';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createDb, ensureInfraTables } from '@labelwise/projections';
import { projectionCache } from './projection-cache';

describe('projectionCache', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url);
    await ensureInfraTables(db);
    await db
      .insertInto('projection_checkpoints')
      .values({
        name: 'product_cards',
        version: 1,
        commit: '0',
        prepare: '0',
        state: 'running',
        last_error: null,
        failing_event_id: null,
        failing_commit: null,
        failing_prepare: null,
      })
      .execute();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const tablesChange = () =>
    db
      .updateTable('projection_checkpoints')
      .set({ data_version: sql`data_version + 1` })
      .where('name', '=', 'product_cards')
      .execute();

  /** A computation that counts its runs and answers `key` with the run's number. */
  const counted = () => {
    const runs: string[] = [];
    return {
      runs,
      compute: (key: string) => async () => `${key}#${runs.push(key)}`,
    };
  };

  it("answers from memory until the projection's tables change", async () => {
    const cached = projectionCache<string>(db, 'product_cards');
    const { runs, compute } = counted();
    expect(await cached('oat', compute('oat'))).toBe('oat#1');
    expect(await cached('oat', compute('oat'))).toBe('oat#1');
    await tablesChange();
    expect(await cached('oat', compute('oat'))).toBe('oat#2');
    expect(runs).toEqual(['oat', 'oat']);
  });

  it('forgets the least recently used answer beyond its capacity', async () => {
    const cached = projectionCache<string>(db, 'product_cards', 2);
    const { runs, compute } = counted();
    for (const key of ['a', 'b', 'a', 'c']) await cached(key, compute(key));
    expect(runs).toEqual(['a', 'b', 'c']);
    await cached('a', compute('a'));
    await cached('b', compute('b'));
    expect(runs).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not remember a failed computation', async () => {
    const cached = projectionCache<string>(db, 'product_cards');
    await expect(cached('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cached('x', async () => 'fine')).toBe('fine');
  });
});
