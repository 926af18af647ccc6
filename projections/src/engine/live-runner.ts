import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventStore, Position, RecordedEvent } from '@labelwise/event-store';
import { comparePositions } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { LOCK_CLASS, type LockSession } from './advisory-locks';
import {
  LIVE_SCHEMA,
  applyEvents,
  applyOwnRows,
  describeError,
  findPoisonEvent,
  handles,
  isTransient,
  ownRowsOf,
} from './apply-events';
import { failingColumns, positionColumns, positionOf, readCheckpoint } from './checkpoints';
import type { EngineLogger } from './logger';
import type { ProjectionDefinition } from './projection';
import { RebuildFailed, rebuildProjection } from './rebuild';
import type { SharedReads } from './shared-reads';
import { moveCheckpoints, type CheckpointMover } from './checkpoint-moves';
import type { GroupApplier } from './group-applies';
import { BatchesInFlight } from './side-by-side';
import { sleep } from './sleep';

/** How often a standby tries to take a projection over. */
export const TAKEOVER_POLL_MS = 250;
const IDLE_WAIT_MS = 1000;
const RETRY_MS = 1000;

type Outcome = 'applied' | 'moved' | 'parked';

export interface LiveRunnerOptions {
  db: Kysely<Database>;
  store: EventStore;
  projection: ProjectionDefinition;
  logger: EngineLogger;
  batchSize: number;
  locks: LockSession;
  databaseUrl: string;
  /** The store's reads and waits, shared with the other projections of this process. */
  reads: SharedReads;
  /** Moves the checkpoint past a batch with nothing to apply, with the others of this process. */
  moveCheckpoint: CheckpointMover;
  /** Applies a batch at the head with the other projections of this process that reach it too. */
  applyTogether: GroupApplier;
}

/**
 * Keeps one projection's live tables up to date while this process holds its advisory lock,
 * and waits as a hot standby while another process does.
 */
export async function runLiveProjection(options: LiveRunnerOptions, signal: AbortSignal): Promise<void> {
  const { locks, projection, logger } = options;
  const stopped = AbortSignal.any([signal, locks.lost]);
  while (!stopped.aborted) {
    if (!(await locks.tryAcquire(LOCK_CLASS.live, projection.name).catch(() => false))) {
      await sleep(TAKEOVER_POLL_MS, stopped);
      continue;
    }
    logger.info({ projection: projection.name }, 'projection acquired');
    try {
      await lead(options, stopped);
    } finally {
      await locks.release(LOCK_CLASS.live, projection.name).catch(() => {});
    }
  }
}

async function lead(options: LiveRunnerOptions, signal: AbortSignal) {
  const { db, projection, logger } = options;
  let retriedParked = false;
  while (!signal.aborted) {
    try {
      const checkpoint = await readCheckpoint(db, projection.name);
      if (!checkpoint)
        throw new Error(`No checkpoint row for ${projection.name}: run ensureProjectionTables first`);
      if (checkpoint.version > projection.version) {
        logger.warn(
          { projection: projection.name, version: checkpoint.version },
          'tables are newer than this worker: not touching them',
        );
        await sleep(IDLE_WAIT_MS * 10, signal);
        continue;
      }
      if (checkpoint.state === 'parked') {
        // One retry per session (the handler may have been fixed since), then wait for an
        // operator: a rebuild, or a skip of the event (`projections skip`), which unparks it.
        if (retriedParked) {
          await sleep(IDLE_WAIT_MS, signal);
          continue;
        }
        retriedParked = true;
      }
      if (checkpoint.version < projection.version) {
        logger.info(
          { projection: projection.name, from: checkpoint.version, to: projection.version },
          'projection version changed: rebuilding',
        );
        if ((await rebuildOrPark(options, signal)) === 'parked') retriedParked = true;
        continue;
      }
      const outcome = await follow(options, checkpoint.position, signal);
      if (outcome === 'parked') retriedParked = true;
    } catch (error) {
      if (signal.aborted) return;
      logger.warn(
        { projection: projection.name, err: error },
        `projection interrupted: ${describeError(error)}; retrying`,
      );
      await sleep(RETRY_MS, signal);
    }
  }
}

/**
 * Rebuilds a projection whose code is newer than its tables. A rebuild that meets an event the new
 * code cannot apply parks the projection there (its tables stay as they were, at the older version):
 * replaying everything again each second would find the same event.
 */
async function rebuildOrPark(options: LiveRunnerOptions, signal: AbortSignal): Promise<'rebuilt' | 'parked'> {
  const { db, projection, logger } = options;
  try {
    await rebuildProjection({ ...options, locks: options.locks, signal });
    return 'rebuilt';
  } catch (error) {
    if (!(error instanceof RebuildFailed)) throw error;
    logger.error(
      { projection: projection.name, eventId: error.event.id, type: error.event.type, err: error.cause },
      `projection parked: ${error.message}`,
    );
    await db
      .updateTable('projection_checkpoints')
      .set({ state: 'parked', ...failingColumns(error.event, error.cause), updated_at: new Date() })
      .where('name', '=', projection.name)
      .execute();
    return 'parked';
  }
}

/** Applies batches from `position` until stopped, parked, or someone else moved the checkpoint. */
async function follow(
  options: LiveRunnerOptions,
  from: Position,
  signal: AbortSignal,
): Promise<Outcome | 'stopped'> {
  const { batchSize, projection } = options;
  const reader = options.reads.join();
  const { readBatch } = reader;
  let position = from;
  let next = readBatch(position, batchSize);
  // Catching up, batches applied side by side; each waits for the one before it.
  const inFlight = new BatchesInFlight<Outcome>();
  try {
    while (!signal.aborted) {
      const batch = await next;
      if (batch.length === 0) {
        const stopped = await inFlight.makeWay(null, isApplied);
        if (stopped) return stopped;
        await options.reads.waitForEvents(position, IDLE_WAIT_MS, signal);
        next = readBatch(position, batchSize);
        continue;
      }
      const last = batch.at(-1)!.position;
      // Catching up, the next batch is read while this one is applied. At the head (a short
      // batch) it is read afterwards, so it takes in everything committed during the apply
      // instead of the little that came in at its start.
      const catchingUp = batch.length === batchSize;
      if (catchingUp) next = readBatch(last, batchSize);
      const rows = catchingUp ? ownRowsOf(projection, batch) : null;
      const stopped = await inFlight.makeWay(rows, isApplied);
      if (stopped) return stopped;
      if (rows) {
        const before = inFlight.newest;
        inFlight.add(
          before ? applyBeside(options, position, batch, before) : applyAlone(options, position, batch),
          rows,
        );
      } else {
        const outcome = await applyLive(options, position, batch, catchingUp);
        if (outcome !== 'applied') return outcome;
      }
      position = last;
      if (!catchingUp) next = readBatch(position, batchSize);
    }
    return 'stopped';
  } finally {
    // Never leave a transaction behind: the next follow starts from the checkpoint they commit.
    await inFlight.settle()?.catch(() => {});
    next.catch(() => {});
    reader.leave();
  }
}

const isApplied = (outcome: Outcome) => outcome === 'applied';

/** Thrown to roll a batch's transaction back when the batch before it did not apply. */
class NotAfterApplied {
  constructor(readonly outcome: Outcome) {}
}

/**
 * Applies a batch while the one before it (`before`) may still be in flight, their rows apart:
 * its own rows first; then, once that batch has committed, its checkpoint and its shared writes,
 * in the same transaction. If it fails, it is applied again alone after that batch, where a
 * poison event is found and parked as usual.
 */
async function applyBeside(
  options: LiveRunnerOptions,
  expected: Position,
  batch: RecordedEvent[],
  before: Promise<Outcome>,
): Promise<Outcome> {
  const { db, projection } = options;
  const to = batch.at(-1)!.position;
  try {
    return await db.transaction().execute(async (trx) => {
      const shared = await applyOwnRows(trx, projection, LIVE_SCHEMA, batch);
      const earlier = await before;
      if (earlier !== 'applied') throw new NotAfterApplied(earlier);
      if (!(await moveCheckpoints(trx, [projection], expected, to, true)).has(projection.name))
        throw new NotAfterApplied('moved');
      await shared?.();
      return 'applied' as const;
    });
  } catch (error) {
    if (error instanceof NotAfterApplied) return error.outcome;
    const earlier = await before;
    if (earlier !== 'applied') return earlier;
    if (isTransient(error)) throw error;
    return applyAlone(options, expected, batch);
  }
}

async function applyLive(
  options: LiveRunnerOptions,
  expected: Position,
  batch: RecordedEvent[],
  catchingUp: boolean,
): Promise<Outcome> {
  const { projection } = options;
  const to = batch.at(-1)!.position;
  // A batch with nothing for this projection (most live batches are scans, which most
  // projections ignore) is the checkpoint move alone, joined with the other projections' moves.
  if (!batch.some((event) => handles(projection, event)))
    return options.moveCheckpoint(projection, expected, to);
  // At the head, in one transaction with the others of this process that apply it too; catching
  // up, each in its own, so that PostgreSQL works on the projections' batches side by side.
  if (!catchingUp) {
    const outcome = await options.applyTogether(projection, expected, batch);
    if (outcome !== 'alone') return outcome;
  }
  return applyAlone(options, expected, batch);
}

/** Applies a batch in a transaction of its own; a handler that fails on an event parks the projection. */
async function applyAlone(
  options: LiveRunnerOptions,
  expected: Position,
  batch: RecordedEvent[],
): Promise<Outcome> {
  const { db, projection, logger } = options;
  const to = batch.at(-1)!.position;
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await moveCheckpoints(trx, [projection], expected, to, true)).has(projection.name))
        return 'moved';
      await applyEvents(trx, projection, LIVE_SCHEMA, batch);
      return 'applied';
    });
  } catch (error) {
    if (isTransient(error)) throw error;
    return db.transaction().execute(async (trx) => {
      if (!(await lockCheckpointAt(trx, projection, expected))) return 'moved';
      const poison = await findPoisonEvent(trx, projection, LIVE_SCHEMA, batch);
      if (!poison) {
        logger.warn(
          { projection: projection.name, err: error },
          'batch failed but each event applies alone: applied one by one',
        );
        await moveCheckpoints(trx, [projection], expected, to, true);
        return 'applied';
      }
      const { event } = poison;
      logger.error(
        { projection: projection.name, eventId: event.id, type: event.type, err: poison.error },
        `projection parked: ${describeError(poison.error)}`,
      );
      await trx
        .updateTable('projection_checkpoints')
        .set({
          ...positionColumns(poison.appliedBefore?.position ?? expected),
          state: 'parked',
          ...failingColumns(event, poison.error),
          updated_at: new Date(),
          data_version: sql`data_version + 1`,
        })
        .where('name', '=', projection.name)
        .execute();
      return 'parked';
    });
  }
}

/**
 * Locks the checkpoint row first, before any read table, so a rebuild's swap (which also locks
 * it first) and a live batch serialize without deadlocking; false if it moved meanwhile.
 */
async function lockCheckpointAt(
  trx: Transaction<Database>,
  projection: ProjectionDefinition,
  expected: Position,
) {
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select(['version', 'commit', 'prepare'])
    .where('name', '=', projection.name)
    .forUpdate()
    .executeTakeFirst();
  return (
    row !== undefined &&
    row.version === projection.version &&
    comparePositions(positionOf(row), expected) === 0
  );
}
