import type { Express, RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { StreamStates, createEventStore } from '@labelwise/event-store';
import { createReplicaReads } from '@labelwise/runtime';
import {
  createCheckpointWatch,
  ensureProjectionTables,
  projectionStatus,
  projections,
  createDb,
} from '@labelwise/projections';
import { createAuthMiddlewares } from '../auth/middleware';
import { createFirebaseVerifier } from '../auth/verifier';
import { EnvError, type Env } from '../config/env';
import { rememberedId } from '../commands/idempotent-request';
import { createIdAllocator } from '../db/id-allocator';
import { purgeIdempotentRequests } from '../db/idempotent-requests';
import { migrateToLatest } from '../db/migrate';
import { createRegistrationHook } from '../features/accounts';
import { scheduleGiveBack } from '../features/off-give-back';
import { scheduleOffSync } from '../features/off-live';
import type { AppContext } from '../http/context';
import { idempotentRequests } from '../http/idempotency';
import { readAfterWrites } from '../http/read-after-writes';
import { userWriteRateLimit } from '../http/rate-limits';
import { importOffStarterSet } from '../seed/import-off-starter-set';
import { seedStarterData } from '../seed/seed-starter-data';
import { createApp } from './app';
import { features } from './features';

const PURGE_INTERVAL_MS = 60 * 60_000;

/** Runs `first`, then `second` unless `first` answered or failed. */
function inTurn(first: RequestHandler, second: RequestHandler): RequestHandler {
  return (req, res, next) =>
    first(req, res, (error?: unknown) => (error ? next(error) : second(req, res, next)));
}

export interface Server {
  ctx: AppContext;
  app: Express;
  close(): Promise<void>;
}

/**
 * Builds the API from configuration: database, event store, identity, read-table schema and
 * starter data (both idempotent, so every instance may run them at boot).
 */
export async function buildServer(options: {
  env: Env;
  logger?: Logger;
  clock?: () => Date;
}): Promise<Server> {
  const { env } = options;
  if (!env.DATABASE_URL) throw new EnvError('DATABASE_URL: required to run the API (npm start provides it)');
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL });
  const clock = options.clock ?? (() => new Date());
  const db = createDb(env.DATABASE_URL);
  const store = await createEventStore(env, env.DATABASE_URL);
  await ensureProjectionTables(db, projections);
  await migrateToLatest(db);

  const auth = createFirebaseVerifier({
    projectId: env.FIREBASE_PROJECT_ID,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    allowMockToken: env.ALLOW_MOCK_AUTH,
    trustedTestKeysFile: env.AUTH_TRUSTED_TEST_KEYS,
    sessionCheckSeconds: env.AUTH_SESSION_CHECK_SECONDS,
  });
  const ids = createIdAllocator(db);
  const replicas =
    env.DATABASE_READ_URLS.length > 0
      ? createReplicaReads(db, {
          urls: env.DATABASE_READ_URLS,
          maxLagSeconds: env.DATABASE_READ_MAX_LAG_SECONDS,
        })
      : undefined;
  const idempotent = idempotentRequests(db, logger, replicas?.noteWrite);
  const checkpoints = createCheckpointWatch(db, env.DATABASE_URL);
  const releases: Array<() => Promise<void>> = [() => checkpoints.close()];
  if (replicas) releases.push(replicas.close);
  const ctx: AppContext = {
    env,
    logger,
    db,
    reads: replicas?.db ?? db,
    replicas: replicas && {
      readAfterWrites: readAfterWrites(replicas.scope),
      status: replicas.status,
    },
    store,
    streamStates: new StreamStates(),
    auth,
    authz: createAuthMiddlewares(auth, createRegistrationHook({ store, clock }), {
      // Idempotency-Key answers belong to the signed-in user, so they are looked up once they are known.
      afterAuthentication: inTurn(userWriteRateLimit(env, db), idempotent),
    }),
    idempotentRequests: idempotent,
    clock,
    // Within a request with an Idempotency-Key, a run of it again gets the ids its first run got.
    allocateId: (kind) => rememberedId(`${kind} id`, () => ids.allocateId(kind)),
    readYourWrites: async (names, position, timeoutMs) => {
      const { caughtUp } = await checkpoints.wait(names, position, timeoutMs);
      if (replicas) await replicas.noteWrite();
      return caughtUp;
    },
    projectionHealth: async () => {
      const status = await projectionStatus(db, store, projections);
      return status.map(({ name, state, lagEvents, lagSeconds, lastError, failingEvent }) => ({
        name,
        state,
        lagEvents,
        lagSeconds,
        lastError,
        failingEvent,
      }));
    },
    onClose: (release) => {
      releases.push(release);
    },
  };
  await seedStarterData(ctx);
  const purge = setInterval(() => {
    purgeIdempotentRequests(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not purge idempotent answers'),
    );
  }, PURGE_INTERVAL_MS).unref();
  releases.push(async () => clearInterval(purge));
  if (env.OFF_STARTER_SET) await importOffStarterSet(ctx);
  if (env.OFF_SYNC === 'daily') releases.push(scheduleOffSync(ctx, env.DATABASE_URL));
  if (env.OFF_CONTRIBUTE) releases.push(scheduleGiveBack(ctx));
  return {
    ctx,
    app: createApp(ctx, features),
    async close() {
      await Promise.allSettled(releases.splice(0).map((release) => release()));
      await store.close();
      await db.destroy();
    },
  };
}
