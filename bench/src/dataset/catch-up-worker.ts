import { createDb } from '@labelwise/backend/db/create-db';
import { createPostgresEventStore } from '@labelwise/backend/event-store/index';
import { startProjectionWorker } from '@labelwise/projections/engine';
import { projections } from '@labelwise/projections/registry';

/**
 * The projection worker as `projections/src/worker/main.ts` runs it, limited to the projections
 * named in PROJECTIONS (comma-separated), for catch-up figures of a subset.
 */
const url = process.env.DATABASE_URL!;
const names = process.env.PROJECTIONS!.split(',');
const selected = projections.filter((p) => names.includes(p.name));
if (selected.length !== names.length) throw new Error(`unknown projection in ${names.join(', ')}`);
const db = createDb(url);
const store = await createPostgresEventStore(url);
const worker = await startProjectionWorker({ db, store, projections: selected });
process.once('SIGTERM', () => {
  void (async () => {
    await worker.stop();
    await store.close();
    await db.destroy();
    process.exit(0);
  })();
});
