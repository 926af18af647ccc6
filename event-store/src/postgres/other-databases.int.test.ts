import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, START, type EventStore } from '../port';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { uniqueStream, voteEvent } from '../../testing/sample-events';
import { whileAppendInFlight } from '../../testing/sql-append';
import { createPostgresEventStore } from './postgres-event-store';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Transaction ids, snapshots and pg_locks span the whole cluster, so an append in flight in another
 * database of it (another test file, another app) looks like one of ours unless the horizon asks
 * which database its lock is in.
 */
describe('an append in flight in another database of the cluster', () => {
  let ours: TestDatabase;
  let theirs: TestDatabase;
  let store: EventStore;
  let theirStore: EventStore;
  let theirAppend: pg.Client;

  beforeAll(async () => {
    [ours, theirs] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    [store, theirStore] = await Promise.all([
      createPostgresEventStore(ours.url),
      createPostgresEventStore(theirs.url),
    ]);
    theirAppend = new pg.Client({ connectionString: theirs.url });
    await theirAppend.connect();
  });
  afterAll(async () => {
    await theirAppend?.end();
    await Promise.all([store?.close(), theirStore?.close()]);
    await Promise.all([ours?.drop(), theirs?.drop()]);
  });

  it('holds back none of our reads', async () => {
    await whileAppendInFlight(theirAppend, async () => {
      const { position } = await store.append(uniqueStream(), [voteEvent('ours')], {
        expectedRevision: 'any',
      });
      expect(comparePositions(await store.headPosition(), position)).toBe(0);
      expect((await store.readAll(START, 10)).map((event) => event.position)).toEqual([position]);
    });
  });
});
