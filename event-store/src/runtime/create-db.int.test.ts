import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { createDb, executePrepared } from './create-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

it('runs a statement prepared once per connection, with one generic plan, and answers as Kysely does', async () => {
  const db = createDb(database.url, { max: 1 });
  try {
    const query = (n: number) => sql<{ twice: number }>`select ${n}::int * 2 as twice`.compile(db);
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      expect(await executePrepared(db, query(n))).toEqual([{ twice: 2 * n }]);

    const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
      select generic_plans::text, custom_plans::text from pg_prepared_statements
      where statement = ${query(0).sql}`.execute(db);
    // One statement on the pool's one connection, never planned per call.
    expect(rows).toEqual([{ generic_plans: '7', custom_plans: '0' }]);
  } finally {
    await db.destroy();
  }
});
