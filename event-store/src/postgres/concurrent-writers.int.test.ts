import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { START, comparePositions, type EventStore, type RecordedEvent } from '../port';
import { sampleMetadata } from '../../testing/sample-events';
import { createPostgresEventStore } from './postgres-event-store';
import { EVENTS_CHANNEL } from './schema';

const WRITERS = 16;
const TOTAL = 20_000;
const STREAMS = 200;

/**
 * Each transaction takes its sequence values, then sleeps before committing, so later
 * transactions routinely commit earlier positions first: the case where a reader that only
 * checkpoints `global_position` skips events for good. Like the store, it notifies after commit.
 */
async function writer(url: string, quota: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let written = 0;
    while (written < quota) {
      const count = Math.min(quota - written, 1 + Math.floor(Math.random() * 4));
      const stream = `review-${Math.floor(Math.random() * STREAMS)}`;
      const events = Array.from({ length: count }, () => ({
        id: randomUUID(),
        type: 'ReviewVoted',
        data: { reviewId: stream, voterUid: randomUUID(), helpful: true },
        metadata: sampleMetadata,
      }));
      await client.query('begin');
      await client.query('select * from append_events($1, $2, $3, false)', [
        stream,
        'any',
        JSON.stringify(events),
      ]);
      await client.query('select pg_sleep($1)', [Math.random() * 0.004]);
      await client.query('commit');
      await client.query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
      written += count;
    }
  } finally {
    await client.end();
  }
}

describe('PostgreSQL event store under concurrent writers', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('delivers every event exactly once to a live subscriber, each stream in revision order', async () => {
    const subscription = store.subscribe(START);
    const received: RecordedEvent[] = [];
    const reading = (async () => {
      for await (const event of subscription) {
        received.push(event);
        if (received.length === TOTAL) break;
      }
    })();

    await Promise.all(Array.from({ length: WRITERS }, () => writer(database.url, TOTAL / WRITERS)));
    // A reader that skipped an event would wait forever for the last one: bound it.
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    expect(received).toHaveLength(TOTAL);
    // Nothing more may arrive (a duplicate would).
    const extra = await store.readAll(received.at(-1)!.position, 10);
    await subscription.close();

    expect(extra).toEqual([]);
    expect(received).toHaveLength(TOTAL);
    expect(new Set(received.map((e) => e.id)).size).toBe(TOTAL);
    for (let i = 1; i < received.length; i++) {
      expect(comparePositions(received[i - 1]!.position, received[i]!.position)).toBe(-1);
    }
    const nextRevision = new Map<string, bigint>();
    for (const event of received) {
      expect(event.revision).toBe(nextRevision.get(event.stream) ?? 0n);
      nextRevision.set(event.stream, event.revision + 1n);
    }
  });
});
