import { createDb } from '../src/schema/create-db';
import { createPostgresEventStore } from '@labelwise/event-store';
import { startProjectionWorker } from '../src/engine/worker';
import { voteTallyProjection } from './vote-tally-projection';

/**
 * A projection worker process for engine tests (crash and standby): runs the vote-tally test
 * projection against DATABASE_URL with BATCH_SIZE events per transaction (its side-by-side form
 * with SIDE_BY_SIDE=1).
 */
const url = process.env.DATABASE_URL!;
const db = createDb(url);
const store = await createPostgresEventStore(url);
const worker = await startProjectionWorker({
  db,
  store,
  projections: [voteTallyProjection(process.env.SIDE_BY_SIDE ? { sideBySide: {} } : {})],
  batchSize: Number(process.env.BATCH_SIZE ?? 2000),
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => Promise.all([store.close(), db.destroy()]))
    .then(() => process.exit(0));
});
