import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RequestHandler, Router } from 'express';
import type { ProjectionHealthResponse } from '@labelwise/domain';
import type { ProjectionName, Database } from '@labelwise/projections';
import type { AuthMiddlewares } from '../auth/middleware';
import type { AuthVerifier } from '../auth/verifier';
import type { Env } from '../config/env';
import type { EventStore, Position, StreamStates } from '@labelwise/event-store';
import type { ReplicaStatus } from '@labelwise/runtime';

/** Everything a feature needs, built once by the server and handed to every router. */
export interface AppContext {
  env: Env;
  logger: Logger;
  /**
   * The primary: commands, checkpoints, id sequences, rate limits, stored answers, and any read a
   * command decides on.
   */
  db: Kysely<Database>;
  /**
   * Where queries read the read tables: a replica when DATABASE_READ_URLS names one fit to
   * answer this request, the primary otherwise (the same instance as `db` without replicas).
   */
  reads: Kysely<Database>;
  /** The read tables' replicas, when DATABASE_READ_URLS names some. */
  replicas?: {
    /** Mounted before every route: each request reads what its browser wrote. */
    readAfterWrites: RequestHandler;
    status(): ReplicaStatus[];
  };
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
   * `position` on the primary, true when they have; with replicas, the request's later reads and
   * its browser's next ones then wait for a replica to replay it, or read the primary.
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
