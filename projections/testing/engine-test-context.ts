import type { Kysely } from 'kysely';
import { createDb } from '../src/schema/create-db';
import {
  START,
  comparePositions,
  type AppendResult,
  type EventStore,
  type Position,
  createPostgresEventStore,
} from '@labelwise/event-store';
import { sampleMetadata } from '@labelwise/event-store/testing';
import { createTestDatabase } from '@labelwise/runtime/testing';
import type { Database } from '../src/schema/database';
import { readCheckpoint } from '../src/engine/checkpoints';

export interface EngineTestContext {
  url: string;
  db: Kysely<Database>;
  store: EventStore;
  close(): Promise<void>;
}

/** A fresh database with a Kysely instance and a PostgreSQL event store on it. */
export async function createEngineTestContext(): Promise<EngineTestContext> {
  const database = await createTestDatabase();
  const db = createDb(database.url);
  const store = await createPostgresEventStore(database.url);
  return {
    url: database.url,
    db,
    store,
    async close() {
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * Appends `count` votes spread over `reviews` review streams, `perAppend` events per append;
 * voter ids are unique and ordered so tallies reveal loss, repetition and reordering.
 */
export async function appendVotes(
  store: EventStore,
  count: number,
  options: { reviews?: number; perAppend?: number; prefix?: string; concurrency?: number } = {},
): Promise<Position> {
  const { reviews = 100, perAppend = 100, prefix = 'v', concurrency = 4 } = options;
  let next = 0;
  let last: AppendResult | undefined;
  const lane = async () => {
    while (next < count) {
      const start = next;
      const size = Math.min(perAppend, count - start);
      next += size;
      const review = `${prefix}-review-${Math.floor(start / perAppend) % reviews}`;
      const events = Array.from({ length: size }, (_, i) => ({
        type: 'ReviewVoted' as const,
        data: { reviewId: review, voterUid: `${prefix}${start + i}`, helpful: (start + i) % 3 !== 0 },
        metadata: sampleMetadata,
      }));
      const result = await store.append(`review-${review}`, events, { expectedRevision: 'any' });
      if (!last || comparePositions(result.position, last.position) > 0) last = result;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return last?.position ?? START;
}

/** Polls until `name`'s checkpoint has reached `position`. */
export async function waitForCheckpoint(
  db: Kysely<Database>,
  name: string,
  position: Position,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoint = await readCheckpoint(db, name);
    if (checkpoint && comparePositions(checkpoint.position, position) >= 0) return checkpoint;
    if (Date.now() > deadline) throw new Error(`${name} did not reach the position in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
