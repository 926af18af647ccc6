import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createPostgresEventStore } from './postgres-event-store';
import { readerStatements, streamReadStatements } from './reader-statements';

const HISTORY = 50_000;
/** Users with a personal-data key: past a few thousand, a hash of the key table looks cheap to the planner. */
const KEYS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const scannedSequentially = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(scannedSequentially),
];

/** Arguments near the head, as a live reader passes them. */
const argumentsOf: Record<keyof typeof readerStatements, (head: string[]) => string> = {
  readAll: ([commit, prepare]) => `('${commit}', ${prepare}, 500)`,
  countAfter: ([commit, prepare]) => `('${commit}', ${prepare}, 100000)`,
  probe: ([commit, prepare]) => `('${commit}', ${prepare})`,
  headPosition: () => '',
};

/** A database of its own with the event store's tables, and a client on it. */
async function openStoreDatabase() {
  const database = await createTestDatabase();
  await (await createPostgresEventStore(database.url)).close();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    client,
    async close() {
      await client.end();
      await database.drop();
    },
  };
}

/** The tables `text`, prepared and run with `args` under plan cache `mode`, scans sequentially. */
async function sequentialScans(client: pg.Client, mode: string, text: string, args: string) {
  await client.query(`set plan_cache_mode = ${mode}`);
  await client.query(`prepare statement as ${text}`);
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) execute statement${args}`,
    );
    return scannedSequentially(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('deallocate statement');
  }
}

describe('the global-order reads on a large history', () => {
  let store: Awaited<ReturnType<typeof openStoreDatabase>>;
  let client: pg.Client;
  let head: string[];

  beforeAll(async () => {
    store = await openStoreDatabase();
    client = store.client;
    await client.query(
      `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
       select 'user-' || (i % 500), i / 500, gen_random_uuid(), 'ScanRecorded', '{}', '{}' from generate_series(1, $1) i`,
      [HISTORY],
    );
    await client.query('analyze events');
    const { rows } = await client.query<{ commit: string; prepare: string }>(
      'select transaction_id::text as commit, global_position::text as prepare from events order by transaction_id desc, global_position desc limit 1',
    );
    head = [rows[0]!.commit, rows[0]!.prepare];
  }, 60_000);

  afterAll(() => store?.close());

  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    for (const name of Object.keys(readerStatements) as (keyof typeof readerStatements)[]) {
      it(`${name} walks the index, never scans the history (${mode})`, async () => {
        expect(
          await sequentialScans(client, mode, readerStatements[name].text, argumentsOf[name](head)),
        ).toEqual([]);
      });
    }
  }
});

describe("a stream read among many users' keys", () => {
  let store: Awaited<ReturnType<typeof openStoreDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    store = await openStoreDatabase();
    client = store.client;
    await client.query(
      `insert into personal_data_keys (subject, key_id, key)
       select 'user-' || i, gen_random_uuid(), decode(md5(i::text), 'hex') from generate_series(1, $1) i`,
      [KEYS],
    );
    // Every user's stream: 15 events, each with a part sealed under the user's key.
    await client.query(
      `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
       select k.subject, r, gen_random_uuid(), 'UserRegistered',
              jsonb_build_object('$sealed', jsonb_build_array(jsonb_build_object('k', k.key_id, 'iv', '', 'ct', '', 'tag', ''))), '{}'
       from personal_data_keys k, generate_series(0, 14) r`,
    );
    await client.query('analyze');
  }, 120_000);

  afterAll(() => store?.close());

  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    for (const [direction, { text }] of Object.entries(streamReadStatements)) {
      it(`reads ${direction} by the indexes, never scanning events or keys (${mode})`, async () => {
        const from = direction === 'forwards' ? 0 : null;
        expect(await sequentialScans(client, mode, text, `('user-7', ${from}, null)`)).toEqual([]);
        const read = await client.query<{ keys: Record<string, string> }>(text, ['user-7', from, null]);
        const { rows: held } = await client.query<{ key_id: string; key: string }>(
          `select key_id, encode(key, 'base64') as key from personal_data_keys where subject = 'user-7'`,
        );
        expect(read.rows.map((row) => row.keys)).toEqual(
          Array.from({ length: 15 }, () => ({ [held[0]!.key_id]: held[0]!.key })),
        );
      });
    }
  }
});
