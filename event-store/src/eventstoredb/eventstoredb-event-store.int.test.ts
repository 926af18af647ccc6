import { afterAll, describe, it } from 'vitest';
import { runEventStoreContract } from '../../testing/event-store-contract';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';
import { eventStoreDbTestServer } from '../../testing/eventstoredb-test-server';

const server = await eventStoreDbTestServer();

if ('skipped' in server) {
  describe(`EventStore contract: EventStoreDB (skipped: ${server.skipped})`, () => {
    it.skip('needs EVENTSTORE_CONNECTION_STRING or a Docker engine for a KurrentDB container', () => {});
  });
} else {
  afterAll(() => server.stop());
  runEventStoreContract(
    'EventStoreDB',
    async () => ({ store: createEventStoreDbEventStore(server.connectionString) }),
    { atomicAppendMany: false },
  );
}
