import type { Kysely } from 'kysely';
import { connectionStringOf } from '@labelwise/runtime';
import type { EventStore } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { LockSession } from './advisory-locks';
import { ensureProjectionTables } from './ensure-tables';
import { runLiveProjection } from './live-runner';
import { shareReads } from './shared-reads';
import { batchCheckpointMoves } from './checkpoint-moves';
import { groupApplies } from './group-applies';
import { silentLogger, type EngineLogger } from './logger';
import type { ProjectionDefinition } from './projection';
import { sleep } from './sleep';

export interface ProjectionWorkerOptions {
  db: Kysely<Database>;
  store: EventStore;
  projections: ProjectionDefinition[];
  logger?: EngineLogger;
  /** Events read and applied per transaction (default 2000). */
  batchSize?: number;
  /** Needed only when `db` was not made by `createDb` (the lock session is a dedicated connection). */
  databaseUrl?: string;
}

export interface ProjectionWorker {
  /** Finishes the batches in flight, releases the projections (a standby takes over) and resolves. */
  stop(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * Runs every projection: each one is led by whichever worker process holds its advisory lock;
 * the others stand by and take over within a second when it goes away.
 */
export async function startProjectionWorker(options: ProjectionWorkerOptions): Promise<ProjectionWorker> {
  const logger = options.logger ?? silentLogger;
  const databaseUrl = options.databaseUrl ?? connectionStringOf(options.db);
  if (!databaseUrl) throw new Error('startProjectionWorker: pass databaseUrl (db was not made by createDb)');
  await ensureProjectionTables(options.db, options.projections);
  const stopping = new AbortController();
  const reads = shareReads(options.store);
  const moveCheckpoint = batchCheckpointMoves(options.db);
  const applyTogether = groupApplies(options.db);

  const run = async () => {
    while (!stopping.signal.aborted) {
      let locks: LockSession | undefined;
      try {
        locks = await LockSession.open(databaseUrl);
        const session = locks;
        await Promise.all(
          options.projections.map((projection) =>
            runLiveProjection(
              {
                ...options,
                logger,
                projection,
                locks: session,
                databaseUrl,
                reads,
                moveCheckpoint,
                applyTogether,
                batchSize: options.batchSize ?? 2000,
              },
              stopping.signal,
            ),
          ),
        );
        if (session.lost.aborted && !stopping.signal.aborted)
          logger.warn({}, 'lost the lock connection; reconnecting');
      } catch (error) {
        logger.error({ err: error }, 'projection worker error; reconnecting');
      } finally {
        await locks?.close();
      }
      await sleep(RECONNECT_MS, stopping.signal);
    }
  };
  const running = run();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
