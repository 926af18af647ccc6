import type { Kysely } from 'kysely';
import type { Position, RecordedEvent } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import type { FailingEventColumns } from '../schema/infra-tables';
import { describeError } from './apply-events';

/** An event a projection could not apply, and what it met (stream and type null where not recorded). */
export interface FailingEvent {
  id: string;
  position: Position;
  stream: string | null;
  type: string | null;
  error: string;
}

export interface Checkpoint {
  name: string;
  version: number;
  position: Position;
  state: 'running' | 'parked';
  lastError: string | null;
  /** The event it is parked at; null while running. */
  failingEvent: FailingEvent | null;
  updatedAt: Date;
}

export function positionOf(row: {
  commit: string | number | bigint;
  prepare: string | number | bigint;
}): Position {
  return { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
}

export function positionColumns(position: Position) {
  return { commit: position.commit.toString(), prepare: position.prepare.toString() };
}

/** A position as `projections status` prints it and `projections skip` takes it: `commit/prepare`. */
export const formatPosition = (position: Position) => `${position.commit}/${position.prepare}`;

/** The columns recording that `event` failed with `error`. */
export function failingColumns(event: RecordedEvent, error: unknown): FailingEventColumns {
  return {
    last_error: describeError(error),
    failing_event_id: event.id,
    failing_commit: event.position.commit.toString(),
    failing_prepare: event.position.prepare.toString(),
    failing_stream: event.stream,
    failing_type: event.type,
  };
}

/** The columns of no failure. */
export const noFailure: FailingEventColumns = {
  last_error: null,
  failing_event_id: null,
  failing_commit: null,
  failing_prepare: null,
  failing_stream: null,
  failing_type: null,
};

/** The failing event the columns record, or null. */
export function failingEventOf(row: FailingEventColumns): FailingEvent | null {
  if (row.failing_event_id === null || row.failing_commit === null || row.failing_prepare === null)
    return null;
  return {
    id: row.failing_event_id,
    position: positionOf({ commit: row.failing_commit, prepare: row.failing_prepare }),
    stream: row.failing_stream,
    type: row.failing_type,
    error: row.last_error ?? '',
  };
}

/** The checkpoint columns of a projection running at `position`, with any parking error cleared. */
export function runningAt(position: Position) {
  return {
    ...positionColumns(position),
    state: 'running' as const,
    ...noFailure,
    updated_at: new Date(),
  };
}

export async function readCheckpoints(
  db: Kysely<Database>,
  names?: readonly string[],
): Promise<Checkpoint[]> {
  let query = db.selectFrom('projection_checkpoints').selectAll();
  if (names) query = query.where('name', 'in', names.length ? names : ['']);
  const rows = await query.orderBy('name').execute();
  return rows.map((row) => ({
    name: row.name,
    version: row.version,
    position: positionOf(row),
    state: row.state,
    lastError: row.last_error,
    failingEvent: row.state === 'parked' ? failingEventOf(row) : null,
    updatedAt: row.updated_at,
  }));
}

export async function readCheckpoint(db: Kysely<Database>, name: string): Promise<Checkpoint | undefined> {
  return (await readCheckpoints(db, [name]))[0];
}
