import type { RuntimeEnv } from '@labelwise/runtime';
import type { EventStore } from './port';
import { createPool } from '@labelwise/runtime';
import { createPostgresEventStore } from './postgres/postgres-event-store';

/**
 * The configured event store: PostgreSQL (default) or EventStoreDB/KurrentDB (`EVENT_STORE=eventstoredb`),
 * with its personal-data keys in the PostgreSQL at `databaseUrl` (see the runtime's `databaseUrlOf`).
 */
export async function createEventStore(
  env: Pick<RuntimeEnv, 'EVENT_STORE' | 'EVENTSTORE_CONNECTION_STRING'>,
  databaseUrl: string,
): Promise<EventStore> {
  if (env.EVENT_STORE === 'eventstoredb') {
    if (!env.EVENTSTORE_CONNECTION_STRING)
      throw new Error('EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb');
    // Loaded only when chosen: its gRPC client takes a process a quarter of a CPU-second to load.
    const { createEventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store');
    return createEventStoreDbEventStore(env.EVENTSTORE_CONNECTION_STRING, createPool(databaseUrl));
  }
  return createPostgresEventStore(databaseUrl);
}
