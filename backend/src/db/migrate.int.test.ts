import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createDb } from '@labelwise/projections';
import { createPostgresEventStore } from '@labelwise/event-store';
import { claimStreamOf } from './username-claim-key';
import { migrateToLatest } from './migrate';
import { up as createTablesAsBeforeMigrations } from './migrations/0001-tables-before-migrations';

const TABLES = [
  'idempotent_requests',
  'rate_limit_hits',
  'ocr_daily_usage',
  'product_id_seq',
  'article_id_seq',
  'payment_customers',
  'test_subscriptions',
  'test_payment_intents',
  'off_import_index',
  'off_import_checkpoint',
  'off_contribution_sends',
  'username_claim_key',
];
const EVERY_MIGRATION = [
  '0001-tables-before-migrations',
  '0002-off-contribution-sends',
  '0003-username-claim-key',
  '0004-off-import-awaits-off-reading',
];

describe('database migrations', () => {
  const opened: Array<{ dbs: Kysely<unknown>[]; drop: () => Promise<void> }> = [];
  let url = '';
  async function freshDatabase(connections = 1) {
    const database = await createTestDatabase();
    const dbs = Array.from({ length: connections }, () => createDb(database.url) as Kysely<unknown>);
    opened.push({ dbs, drop: database.drop });
    url = database.url;
    return dbs;
  }
  afterEach(async () => {
    for (const { dbs, drop } of opened.splice(0)) {
      await Promise.all(dbs.map((db) => db.destroy()));
      await drop();
    }
  });
  const missing = async (db: Kysely<unknown>) => {
    const { rows } = await sql<{ name: string }>`
      select name from unnest(${TABLES}::text[]) as name where to_regclass(name) is null`.execute(db);
    return rows.map((row) => row.name);
  };

  it('creates the tables on an empty database, and a later start applies nothing', async () => {
    const [db] = await freshDatabase();
    expect(await missing(db!)).toEqual(TABLES);
    expect(await migrateToLatest(db!)).toEqual(EVERY_MIGRATION);
    expect(await missing(db!)).toEqual([]);
    expect(await migrateToLatest(db!)).toEqual([]);
  });

  it('brings a database created before migrations under them, keeping its rows and ids', async () => {
    const [db] = await freshDatabase();
    await createTablesAsBeforeMigrations(db!);
    await sql`insert into idempotent_requests (principal, key, fingerprint) values ('u1', 'k1', 'f1')`.execute(
      db!,
    );
    await sql`select setval('product_id_seq', 41)`.execute(db!);

    expect(await migrateToLatest(db!)).toEqual(EVERY_MIGRATION);

    const kept = await sql<{ key: string }>`select key from idempotent_requests`.execute(db!);
    expect(kept.rows).toEqual([{ key: 'k1' }]);
    const next = await sql<{ id: string }>`select nextval('product_id_seq') as id`.execute(db!);
    expect(Number(next.rows[0]!.id)).toBe(42);
  });

  it('lets processes that start together take turns: one applies, the others find it done', async () => {
    const dbs = await freshDatabase(3);
    const applied = await Promise.all(dbs.map((db) => migrateToLatest(db)));
    expect(applied.flat()).toEqual(EVERY_MIGRATION);
    expect(await missing(dbs[0]!)).toEqual([]);
  });

  it('renames the claim streams named by a username to their keyed names, events and all', async () => {
    const [db] = await freshDatabase();
    const store = await createPostgresEventStore(url);
    try {
      const claimed = {
        type: 'UsernameClaimed' as const,
        data: { username: 'alice_1', uid: 'u1' },
        metadata: { actor: 'u1', correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z' },
      };
      await store.append('username-alice_1', [claimed], { expectedRevision: 'no_stream' });
      await migrateToLatest(db!);
      const { rows } = await sql<{ key: Buffer }>`select key from username_claim_key`.execute(db!);
      const keyed = claimStreamOf(rows[0]!.key, 'Alice_1');
      expect(keyed).toMatch(/^username-[0-9a-f]{64}$/);
      const streams = await sql<{ id: string }>`
        select stream_id as id from streams where stream_id like 'username-%'`.execute(db!);
      expect(streams.rows).toEqual([{ id: keyed }]);
      expect((await store.readStream(keyed)).map((e) => e.data)).toEqual([claimed.data]);
      expect(await store.readStream('username-alice_1')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
