import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '@labelwise/projections';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createDb } from '@labelwise/projections';
import { createIdAllocator } from './id-allocator';
import { migrateToLatest } from './migrate';

describe('id allocator', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('hands out distinct increasing integers per kind, also to concurrent callers and separate allocators', async () => {
    const [a, b] = [createIdAllocator(db), createIdAllocator(db)];
    const products = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).allocateId('product')),
    );
    expect(new Set(products).size).toBe(20);
    expect([...products].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await a.allocateId('article')).toBe(1);
    expect(await b.allocateId('article')).toBe(2);
    expect(await a.allocateId('product')).toBe(21);
  });

  it('allocates blocks in one call, distinct from single ids and from concurrent blocks', async () => {
    const [a, b] = [createIdAllocator(db), createIdAllocator(db)];
    const blocks = await Promise.all([a.allocateIds('product', 500), b.allocateIds('product', 500)]);
    const single = await a.allocateId('product');
    const all = [...blocks.flat(), single];
    expect(new Set(all).size).toBe(1001);
    expect(all.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
    for (const block of blocks) expect(block).toEqual([...block].sort((x, y) => x - y));
    expect(single).toBeGreaterThan(Math.max(...blocks.flat()));
    expect(await a.allocateIds('article', 0)).toEqual([]);
    await expect(a.allocateIds('article', -1)).rejects.toThrow(/bad count/);
  });
});
