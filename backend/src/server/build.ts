import type { Express } from 'express';
import { pino, type Logger } from 'pino';
import { createEventStore } from '@labelwise/event-store';
import {
  createCheckpointWatch,
  ensureProjectionTables,
  projectionStatus,
} from '@labelwise/projections/engine';
import { projections } from '@labelwise/projections/registry';
import { createDb } from '@labelwise/projections/schema/create-db';
import { createAuthMiddlewares } from '../auth/middleware';
import { createFirebaseVerifier } from '../auth/verifier';
import { EnvError, type Env } from '../config/env';
import { createIdAllocator } from '../db/id-allocator';
import { createRegistrationHook } from '../features/accounts/feature';
import type { AppContext } from '../http/context';
import { userWriteRateLimit } from '../http/rate-limits';
import { seedStarterData } from '../seed/seed-starter-data';
import { createApp } from './app';
import { features } from './features';

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

  const auth = createFirebaseVerifier({
    projectId: env.FIREBASE_PROJECT_ID,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    allowMockToken: env.ALLOW_MOCK_AUTH,
    trustedTestKeysFile: env.AUTH_TRUSTED_TEST_KEYS,
    sessionCheckSeconds: env.AUTH_SESSION_CHECK_SECONDS,
  });
  const ids = createIdAllocator(db);
  const checkpoints = createCheckpointWatch(db, env.DATABASE_URL);
  const releases: Array<() => Promise<void>> = [() => checkpoints.close()];
  const ctx: AppContext = {
    env,
    logger,
    db,
    store,
    auth,
    authz: createAuthMiddlewares(auth, createRegistrationHook({ store, clock }), {
      afterAuthentication: userWriteRateLimit(env, db),
    }),
    clock,
    allocateId: (kind) => ids.allocateId(kind),
    readYourWrites: async (names, position) => {
      await checkpoints.wait(names, position);
    },
    projectionHealth: async () => {
      const status = await projectionStatus(db, store, projections);
      return status.map(({ name, state, lagEvents, lagSeconds, lastError }) => ({
        name,
        state,
        lagEvents,
        lagSeconds,
        lastError,
      }));
    },
    onClose: (release) => {
      releases.push(release);
    },
  };
  await seedStarterData(ctx);
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
