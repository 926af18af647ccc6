import { createTestDatabase } from '@labelwise/runtime/testing';
import { runEventStoreContract } from '../../testing/event-store-contract';
import { createPostgresEventStore } from './postgres-event-store';

runEventStoreContract(
  'PostgreSQL',
  async () => {
    const database = await createTestDatabase();
    return { store: await createPostgresEventStore(database.url), cleanup: database.drop };
  },
  { atomicAppendMany: true },
);
