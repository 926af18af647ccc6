import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { createPostgresEventStore } from '@labelwise/event-store';
import type { StreamAppend } from './generate-events';

export type StoreKind = 'ours' | 'emmett';

/** Our event store and Emmett's behind the one call the benchmark needs. */
export interface BenchStore {
  append(append: StreamAppend): Promise<void>;
  close(): Promise<void>;
}

/** Connections per store: more than the 16 concurrent writers, so neither waits for its pool. */
export const POOL_SIZE = 20;

/** Both stores get a pool of the same size and append without a revision check ('any', Emmett's default). */
export async function openBenchStore(kind: StoreKind, url: string): Promise<BenchStore> {
  if (kind === 'ours') {
    const store = await createPostgresEventStore(url, { max: POOL_SIZE });
    return {
      append: async ({ stream, events, metadata }) => {
        await store.append(
          stream,
          events.map((event) => ({ ...event, metadata })),
          { expectedRevision: 'any' },
        );
      },
      close: () => store.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  return {
    append: async ({ stream, events, metadata }) => {
      await store.appendToStream(
        stream,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
      );
    },
    close: async () => {
      await store.close();
      await pool.end().catch(() => {});
    },
  };
}
