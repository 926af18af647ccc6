import { postgreSQLEventStoreConsumer, postgreSQLProjection } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';

/** Same table, same set-based upsert as our monthly_scan_counts projection. */
const createTable = `create table if not exists monthly_scan_counts (
  uid text not null, month text not null, count integer not null, primary key (uid, month))`;
const upsert = `insert into monthly_scan_counts (uid, month, count)
  select * from unnest($1::text[], $2::text[], $3::int[])
  on conflict (uid, month) do update set count = monthly_scan_counts.count + excluded.count`;

/**
 * Emmett's consumer with one projector that keeps monthly scan counts, from the beginning of
 * its store until no event is left. Batches as large as our engine's, no pause between them
 * (Emmett's defaults are 100 events and 50 ms, which would measure the pause, not the work).
 */
export async function runEmmettScanCounts(url: string, batchSize: number): Promise<{ seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(createTable).finally(() => client.end());

  const consumer = postgreSQLEventStoreConsumer({
    connectionString: url,
    stopWhen: { noMessagesLeft: true },
    pulling: { batchSize, pullingFrequencyInMs: 0 },
  });
  consumer.projector({
    connectionOptions: { connectionString: url },
    projection: postgreSQLProjection({
      name: 'monthly_scan_counts',
      canHandle: ['ScanRecorded'],
      handle: async (events, context) => {
        const counts = new Map<string, [string, string, number]>();
        for (const event of events) {
          const { uid, month } = event.data as { uid: string; month: string };
          const key = `${uid}\n${month}`;
          const row = counts.get(key);
          if (row) row[2]++;
          else counts.set(key, [uid, month, 1]);
        }
        if (counts.size === 0) return;
        const rows = [...counts.values()];
        await context.connection.client.query(upsert, [
          rows.map((r) => r[0]),
          rows.map((r) => r[1]),
          rows.map((r) => r[2]),
        ]);
      },
    }),
  });
  const started = performance.now();
  try {
    await consumer.start();
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    await consumer.close();
  }
}

/** Sum of all counts: both engines must agree on it. */
export async function totalScanCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: string | null }>(
      'select sum(count)::text as total from monthly_scan_counts',
    );
    return Number(rows[0]?.total ?? 0);
  } finally {
    await client.end();
  }
}
