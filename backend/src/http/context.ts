import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RequestHandler, Router } from 'express';
import type { ProjectionHealthResponse } from '@labelwise/domain';
import type { ProjectionName, Database } from '@labelwise/projections';
import type { AuthMiddlewares } from '../auth/middleware';
import type { AuthVerifier } from '../auth/verifier';
import type { Env } from '../config/env';
import type { EventStore, Position, StreamStates } from '@labelwise/event-store';

/** Everything a feature needs, built once by the server and handed to every router. */
export interface AppContext {
  env: Env;
  logger: Logger;
  db: Kysely<Database>;
  store: EventStore;
  /** Streams this process has folded, so a command or a load reads only the events since. */
  streamStates: StreamStates;
  auth: AuthVerifier;
  authz: AuthMiddlewares;
  /**
   * Idempotency-Key handling (see idempotency.ts). Every route gets it once the user is known; a
   * route that parses its own body mounts it after its parser.
   */
  idempotentRequests: RequestHandler;
  clock: () => Date;
  /** Integer ids for products and articles, from PostgreSQL sequences. */
  allocateId(kind: 'product' | 'article'): Promise<number>;
  /**
   * Read-your-writes: waits (bounded, 2 s unless told) until the named projections have passed
   * `position`; true when they have.
   */
  readYourWrites(
    projections: readonly ProjectionName[],
    position: Position,
    timeoutMs?: number,
  ): Promise<boolean>;
  projectionHealth(): Promise<ProjectionHealthResponse[]>;
  /** Registers a resource to release when the server closes (worker pools and the like), before the database. */
  onClose(release: () => Promise<void>): void;
}

/** A feature contributes one router, mounted at `/api`. */
export type Feature = (ctx: AppContext) => Router;
