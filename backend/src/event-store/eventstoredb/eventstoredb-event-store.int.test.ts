import { describe, it } from 'vitest';
import { runEventStoreContract } from '../testing/event-store-contract';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  runEventStoreContract('EventStoreDB', async () => ({ store: createEventStoreDbEventStore(connectionString) }));
} else {
  describe('EventStore contract: EventStoreDB (skipped: set EVENTSTORE_CONNECTION_STRING to run against EventStoreDB/KurrentDB)', () => {
    it.skip('needs a running EventStoreDB/KurrentDB server', () => {});
  });
}
