import { pino } from 'pino';
import { createEventStore } from '@labelwise/event-store';
import { databaseUrlOf, describeDatabaseOf, startFailure } from '@labelwise/runtime';
import { startProjectionWorker } from '../engine/worker';
import { selectProjections } from '../registry';
import { createDb } from '../schema/create-db';
import { parseWorkerEnv } from './env';

/** The projection worker process (the launcher forks it; run several for hot standbys). */
async function main() {
  const env = parseWorkerEnv();
  const logger = pino({ level: env.LOG_LEVEL, base: { service: 'projection-worker' } });
  const databaseUrl = databaseUrlOf(env);
  const projections = selectProjections(env.PROJECTIONS);
  const db = createDb(databaseUrl);
  const store = await createEventStore(env, databaseUrl);
  const worker = await startProjectionWorker({ db, store, projections, logger });
  logger.info(
    { projections: projections.map((p) => p.name), database: describeDatabaseOf(env) },
    'projection worker started',
  );
  // Started by the launcher: it says Labelwise is up only once its own children report ready.
  process.send?.({ type: 'ready', pid: process.pid });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'projection worker stopping');
    await worker.stop();
    await store.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(startFailure(error));
  process.exit(1);
});
