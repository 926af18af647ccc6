import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from './postgres-event-store';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { appendThroughSql } from '../../testing/sql-append';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * The horizon of a snapshot taken while a transaction ran, asked after that transaction ended (as a
 * reader's statement does when it ends in between): it holds reads back only if it appended here.
 */
describe('events_horizon of a transaction that ended after the snapshot', () => {
  let ours: TestDatabase;
  let theirs: TestDatabase;
  let reader: pg.Client;
  let writer: pg.Client;
  let theirWriter: pg.Client;

  beforeAll(async () => {
    [ours, theirs] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    for (const database of [ours, theirs]) await (await createPostgresEventStore(database.url)).close();
    reader = new pg.Client({ connectionString: ours.url });
    writer = new pg.Client({ connectionString: ours.url });
    theirWriter = new pg.Client({ connectionString: theirs.url });
    await Promise.all([reader, writer, theirWriter].map((client) => client.connect()));
  });
  afterAll(async () => {
    await Promise.all([reader, writer, theirWriter].map((client) => client?.end()));
    await Promise.all([ours?.drop(), theirs?.drop()]);
  });

  const currentXid = async (client: pg.Client) =>
    (await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid')).rows[0]!.xid;

  /** Runs `work` in a transaction of `client`, snapshots while it is open, commits; returns its xid and the horizon then. */
  async function horizonAfter(client: pg.Client, work: () => Promise<unknown>) {
    await client.query('begin');
    await work();
    const xid = await currentXid(client);
    // A later transaction that ends first puts this one below the snapshot's xmax, among those in flight.
    await reader.query('select pg_current_xact_id()');
    const snapshot = (await reader.query<{ s: string }>('select pg_current_snapshot()::text as s')).rows[0]!
      .s;
    await client.query('commit');
    const { rows } = await reader.query<{ horizon: string; xmax: string }>(
      'select events_horizon($1::pg_snapshot)::text as horizon, pg_snapshot_xmax($1::pg_snapshot)::text as xmax',
      [snapshot],
    );
    return { xid, ...rows[0]! };
  }

  it('holds reads back at an append here, whose events the snapshot cannot see', async () => {
    const { xid, horizon, xmax } = await horizonAfter(writer, () => appendThroughSql(writer));
    expect(BigInt(xid)).toBeLessThan(BigInt(xmax));
    expect(horizon).toBe(xid);
  });

  it('holds reads back at an append a repeatable-read caller cannot see yet, though it has ended', async () => {
    await writer.query('begin');
    await appendThroughSql(writer);
    const xid = await currentXid(writer);
    await theirWriter.query('select pg_current_xact_id()');
    await reader.query('begin isolation level repeatable read');
    try {
      await reader.query('select 1'); // takes the transaction's snapshot
      await writer.query('commit');
      const { rows } = await reader.query<{ horizon: string }>(
        'select events_horizon(pg_current_snapshot())::text as horizon',
      );
      // At ours or before: a repeatable-read snapshot also keeps back any other transaction of the
      // cluster that ended since it was taken (another test file's, running beside this one).
      expect(BigInt(rows[0]!.horizon)).toBeLessThanOrEqual(BigInt(xid));
    } finally {
      await reader.query('commit');
    }
  });

  it('does not for a transaction that wrote no events (a projection batch, a payment)', async () => {
    const { horizon, xmax } = await horizonAfter(writer, () =>
      writer.query('create temporary table scratch (n int) on commit drop'),
    );
    expect(horizon).toBe(xmax);
  });

  it('does not for an append to another database of the cluster', async () => {
    const { horizon, xmax } = await horizonAfter(theirWriter, () => appendThroughSql(theirWriter));
    expect(horizon).toBe(xmax);
  });
});
