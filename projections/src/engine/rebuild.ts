import { sql, type Kysely, type Transaction } from 'kysely';
import { connectionStringOf } from '@labelwise/runtime';
import { START, type EventStore, type Position, type RecordedEvent } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { ensureInfraTables } from '../schema/ensure-infra-tables';
import { LOCK_CLASS, LockSession } from './advisory-locks';
import {
  LIVE_SCHEMA,
  applyEvents,
  applyOwnRows,
  commitWithoutFlushWait,
  describeError,
  findPoisonEvent,
  isTransient,
  ownRowsOf,
  shadowSchema,
} from './apply-events';
import { failingColumns, formatPosition, noFailure, runningAt } from './checkpoints';
import { silentLogger, type EngineLogger } from './logger';
import type { ProjectionDefinition } from './projection';
import { BatchesInFlight } from './side-by-side';
import { loadSkips, withoutSkipped } from './skips';

const COUNT_CAP = 1_000_000_000;
const SWAP_ATTEMPTS = 5;

export interface RebuildProgress {
  projection: string;
  phase: 'replaying' | 'swapping' | 'done';
  processed: number;
  /** Events in the store when the rebuild started (grows if it is overtaken). */
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | undefined;
}

export interface RebuildOptions {
  db: Kysely<Database>;
  store: EventStore;
  projection: ProjectionDefinition;
  /** For the advisory-lock session when `locks` is not given; defaults to the URL `db` was made with. */
  databaseUrl?: string;
  locks?: LockSession;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  signal?: AbortSignal;
  logger?: EngineLogger;
}

export class RebuildFailed extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    cause: unknown,
  ) {
    super(
      `Rebuild of ${projection} failed at event ${event.id} (${event.type} on ${event.stream}, position ${formatPosition(event.position)}): ${describeError(cause)}`,
      { cause },
    );
    this.name = 'RebuildFailed';
  }
}

/**
 * Replays every event into shadow tables in schema `rebuild_<name>` while the live tables keep
 * answering (and the live worker keeps them current), catches up to the head, then swaps the
 * shadow tables in and moves the checkpoint in one short transaction.
 */
export async function rebuildProjection(
  options: RebuildOptions,
): Promise<{ processed: number; seconds: number }> {
  const locks = options.locks ?? (await openLockSession(options));
  const { name } = options.projection;
  try {
    if (!(await locks.tryAcquire(LOCK_CLASS.rebuild, name)))
      throw new Error(`A rebuild of ${name} is already running`);
    try {
      return await rebuildWithLock(options);
    } finally {
      await locks.release(LOCK_CLASS.rebuild, name).catch(() => {});
    }
  } finally {
    if (!options.locks) await locks.close();
  }
}

async function openLockSession(options: RebuildOptions) {
  const databaseUrl = options.databaseUrl ?? connectionStringOf(options.db);
  if (!databaseUrl) throw new Error('rebuildProjection: pass databaseUrl (db was not made by createDb)');
  return LockSession.open(databaseUrl);
}

/** Rebuilds each projection in turn. */
export async function rebuildAll(
  options: Omit<RebuildOptions, 'projection'> & { projections: ProjectionDefinition[] },
): Promise<Array<{ name: string; processed: number; seconds: number }>> {
  const results = [];
  for (const projection of options.projections) {
    results.push({ name: projection.name, ...(await rebuildProjection({ ...options, projection })) });
  }
  return results;
}

async function rebuildWithLock(options: RebuildOptions) {
  try {
    return await replayAndSwap({
      ...options,
      // The events operators skipped for it (`projections skip`) stay skipped.
      projection: withoutSkipped(options.projection, await loadSkips(options.store)),
    });
  } catch (error) {
    if (error instanceof RebuildFailed)
      await options.db
        .updateTable('projection_rebuilds')
        .set({ ...failingColumns(error.event, error.cause), updated_at: new Date() })
        .where('name', '=', error.projection)
        .execute();
    throw error;
  }
}

async function replayAndSwap(options: RebuildOptions) {
  const { db, store, projection, signal } = options;
  const logger = options.logger ?? silentLogger;
  const batchSize = options.batchSize ?? 2000;
  const schema = shadowSchema(projection.name);
  const started = performance.now();

  await ensureInfraTables(db);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await projection.createTables(db, schema);
  await db
    .insertInto('projection_rebuilds')
    .values({ name: projection.name, version: projection.version, commit: '0', prepare: '0', processed: '0' })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        version: projection.version,
        commit: '0',
        prepare: '0',
        processed: '0',
        started_at: new Date(),
        updated_at: new Date(),
        ...noFailure,
      }),
    )
    .execute();

  let total = await store.countEventsAfter(START, COUNT_CAP);
  let processed = 0;
  const report = (phase: RebuildProgress['phase']) => {
    total = Math.max(total, processed);
    const seconds = (performance.now() - started) / 1000;
    const eventsPerSecond = seconds > 0 ? processed / seconds : 0;
    options.onProgress?.({
      projection: projection.name,
      phase,
      processed,
      total,
      eventsPerSecond,
      etaSeconds: eventsPerSecond > 0 ? (total - processed) / eventsPerSecond : undefined,
    });
  };
  report('replaying');

  let position: Position = START;
  // The next batch is read while this one is applied; if applying fails first, that read's own
  // failure must not surface as an unhandled rejection (it is awaited, and thrown, otherwise).
  const prefetch = (after: Position) => {
    const read = store.readAll(after, batchSize);
    read.catch(() => {});
    return read;
  };
  let next = prefetch(position);
  // Batches replayed side by side (see ProjectionDefinition.ownRows); each commits after the one before it.
  const inFlight = new BatchesInFlight<void>();
  let replayed = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const batch = await next;
      if (batch.length === 0) break;
      const last = batch.at(-1)!.position;
      const full = batch.length === batchSize;
      if (full) next = prefetch(last);
      const rows = full ? ownRowsOf(projection, batch) : null;
      // Failures throw: every batch that settles has been replayed.
      await inFlight.makeWay(rows, () => true);
      replayed += batch.length;
      const done = replayBatch(db, projection, schema, batch, replayed, inFlight.newest).then(() => {
        processed += batch.length;
        report('replaying');
      });
      if (rows) inFlight.add(done, rows);
      else await done;
      position = last;
      // Caught up with the head as it was: the rest is applied inside the swap.
      if (!full) break;
    }
    await inFlight.settle();
  } finally {
    await inFlight.settle()?.catch(() => {});
    next.catch(() => {});
  }

  report('swapping');
  processed += await swapIn(options, schema, position, batchSize, logger);
  report('done');
  const seconds = (performance.now() - started) / 1000;
  logger.info({ projection: projection.name, processed, seconds }, 'projection rebuilt');
  return { processed, seconds };
}

/**
 * Replays a batch into the shadow tables and records the progress, in one transaction. Beside an
 * earlier batch still in flight (`before`), its own rows go in at once and the progress and its
 * shared writes once that batch has committed; if it fails, it is replayed again alone after it,
 * which names the event that caused the failure.
 */
async function replayBatch(
  db: Kysely<Database>,
  projection: ProjectionDefinition,
  schema: string,
  batch: RecordedEvent[],
  processed: number,
  before: Promise<void> | undefined,
): Promise<void> {
  const last = batch.at(-1)!.position;
  const recordProgress = (trx: Transaction<Database>) =>
    trx
      .updateTable('projection_rebuilds')
      .set({
        commit: last.commit.toString(),
        prepare: last.prepare.toString(),
        processed: String(processed),
        updated_at: new Date(),
      })
      .where('name', '=', projection.name)
      .execute();
  if (!before) {
    await db.transaction().execute(async (trx) => {
      await commitWithoutFlushWait(trx);
      await applyShadowBatch(trx, projection, schema, batch);
      await recordProgress(trx);
    });
    return;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await commitWithoutFlushWait(trx);
      const shared = await applyOwnRows(trx, projection, schema, batch);
      await before;
      await recordProgress(trx);
      await shared?.();
    });
  } catch (error) {
    await before;
    if (isTransient(error)) throw error;
    await replayBatch(db, projection, schema, batch, processed, undefined);
  }
}

/** Applies a batch to the shadow tables; a handler failure names the event that caused it. */
async function applyShadowBatch(
  trx: Transaction<Database>,
  projection: ProjectionDefinition,
  schema: string,
  events: RecordedEvent[],
) {
  await sql`savepoint shadow_batch`.execute(trx);
  try {
    await applyEvents(trx, projection, schema, events);
  } catch (error) {
    if (isTransient(error)) throw error;
    await sql`rollback to savepoint shadow_batch`.execute(trx);
    const poison = await findPoisonEvent(trx, projection, schema, events);
    throw new RebuildFailed(projection.name, poison?.event ?? events[0]!, poison?.error ?? error);
  }
}

/**
 * The swap: lock the live checkpoint row (waits for an in-flight live batch; later ones wait
 * for us), apply the last events to the shadow, move the tables, move the checkpoint. Readers
 * of the live tables wait only for the moment of the ALTERs and then see the new tables.
 */
async function swapIn(
  options: RebuildOptions,
  schema: string,
  from: Position,
  batchSize: number,
  logger: EngineLogger,
) {
  const { db, store, projection } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '5s'`.execute(trx);
        await trx
          .selectFrom('projection_checkpoints')
          .select('name')
          .where('name', '=', projection.name)
          .forUpdate()
          .execute();
        let position = from;
        let applied = 0;
        for (;;) {
          const batch = await store.readAll(position, batchSize);
          if (batch.length === 0) break;
          await applyShadowBatch(trx, projection, schema, batch);
          position = batch.at(-1)!.position;
          applied += batch.length;
        }
        for (const table of projection.tables) {
          await sql`drop table if exists ${sql.id(LIVE_SCHEMA, table)}`.execute(trx);
          await sql`alter table ${sql.id(schema, table)} set schema ${sql.id(LIVE_SCHEMA)}`.execute(trx);
        }
        await sql`drop schema ${sql.id(schema)} cascade`.execute(trx);
        const checkpoint = { version: projection.version, ...runningAt(position) };
        await trx
          .withSchema(LIVE_SCHEMA)
          .insertInto('projection_checkpoints')
          .values({ name: projection.name, ...checkpoint })
          .onConflict((oc) =>
            oc
              .column('name')
              .doUpdateSet({ ...checkpoint, data_version: sql`projection_checkpoints.data_version + 1` }),
          )
          .execute();
        await trx
          .withSchema(LIVE_SCHEMA)
          .deleteFrom('projection_rebuilds')
          .where('name', '=', projection.name)
          .execute();
        return applied;
      });
    } catch (error) {
      const lockTimeout = (error as { code?: string }).code === '55P03';
      if (!lockTimeout || attempt >= SWAP_ATTEMPTS) throw error;
      logger.warn({ projection: projection.name, attempt }, 'swap waited too long for readers; retrying');
    }
  }
}
