import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, START, type EventStore } from '../port';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { uniqueStream, voteEvent } from '../../testing/sample-events';
import { whileAppendInFlight } from '../../testing/sql-append';
import { createPostgresEventStore } from './postgres-event-store';

/**
 * An append still in flight keeps later commits from `readAll` (they may not be read before it),
 * but they are written: the head and the count include them, so "wait until the read models pass
 * the head" and "nothing was appended" never miss one.
 */
describe('a later append committed while an earlier one is in flight', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  let earlierAppend: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore(database.url);
    earlierAppend = new pg.Client({ connectionString: database.url });
    await earlierAppend.connect();
  });
  afterAll(async () => {
    await earlierAppend?.end();
    await store?.close();
    await database?.drop();
  });

  it('is not read yet, but is the head and is counted', async () => {
    await whileAppendInFlight(earlierAppend, async () => {
      const { position } = await store.append(uniqueStream(), [voteEvent('later')], {
        expectedRevision: 'any',
      });
      expect(await store.readAll(START, 10)).toEqual([]);
      expect(comparePositions(await store.headPosition(), position)).toBe(0);
      expect(await store.countEventsAfter(START, 10)).toBe(1);
    });
    expect(await store.countEventsAfter(START, 10)).toBe(2);
    expect(await store.readAll(START, 10)).toHaveLength(2);
  });
});
