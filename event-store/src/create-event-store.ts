import type { RuntimeEnv } from '@labelwise/runtime';
import { createEventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
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
    return createEventStoreDbEventStore(env.EVENTSTORE_CONNECTION_STRING, createPool(databaseUrl));
  }
  return createPostgresEventStore(databaseUrl);
}
