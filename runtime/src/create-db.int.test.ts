import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { createDb, executeWithGenericPlan } from './create-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const plansOf = async (db: ReturnType<typeof createDb>, statement: string) =>
  (
    await sql<{ generic_plans: string; custom_plans: string }>`
      select generic_plans::text, custom_plans::text from pg_prepared_statements
      where statement = ${statement}`.execute(db)
  ).rows;

it('prepares a statement sent again and again, once per connection, leaving the plan to PostgreSQL', async () => {
  const db = createDb(database.url, { max: 1 });
  try {
    const query = (n: number) => sql<{ twice: number }>`select ${n}::int * 2 as twice`;
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      expect((await query(n).execute(db)).rows).toEqual([{ twice: 2 * n }]);
    // The first two calls ran unnamed; the other five ran one prepared statement, planned as PostgreSQL chose.
    const [plans] = await plansOf(db, query(0).compile(db).sql);
    expect(Number(plans!.generic_plans) + Number(plans!.custom_plans)).toBe(5);

    const rare = sql<{ n: number }>`select ${1}::int + 1 as n, 'rare' as kind`;
    await rare.execute(db);
    await rare.execute(db);
    expect(await plansOf(db, rare.compile(db).sql)).toEqual([]);
  } finally {
    await db.destroy();
  }
});

it('runs a statement with its generic plan where asked, and only there', async () => {
  const db = createDb(database.url, { max: 1 });
  try {
    const query = (n: number) => sql<{ n: number }>`select ${n}::int + 3 as n, 'generic' as kind`.compile(db);
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      expect(await executeWithGenericPlan(db, query(n))).toEqual([{ n: n + 3, kind: 'generic' }]);
    expect(await plansOf(db, query(0).sql)).toEqual([{ generic_plans: '5', custom_plans: '0' }]);
    const { rows } = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(
      db,
    );
    expect(rows).toEqual([{ mode: 'auto' }]);
  } finally {
    await db.destroy();
  }
});

it('runs a prepared statement whose table changed its columns again unnamed, and never prepares it again', async () => {
  const db = createDb(database.url, { max: 1 });
  try {
    await sql`create table shifting (id int primary key, name text)`.execute(db);
    await sql`insert into shifting values (1, 'one')`.execute(db);
    const read = () => sql<{ id: number }>`select * from shifting where id = ${1}`.execute(db);
    for (let i = 0; i < 4; i++) expect((await read()).rows).toEqual([{ id: 1, name: 'one' }]);

    await sql`alter table shifting add column extra text default 'new'`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, name: 'one', extra: 'new' }]);
    expect((await read()).rows).toEqual([{ id: 1, name: 'one', extra: 'new' }]);

    // Inside a transaction the refusal is the caller's (the transaction is lost); the next call runs unnamed.
    const later = () => sql`select * from shifting where id > ${5}`;
    const inTransaction = db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await later().execute(trx);
      await sql`alter table shifting add column last text`.execute(trx);
      return later().execute(trx);
    });
    await expect(inTransaction).rejects.toThrow(/cached plan must not change result type/);
    expect((await later().execute(db)).rows).toEqual([]);
  } finally {
    await db.destroy();
  }
});
