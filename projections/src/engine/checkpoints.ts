import type { Kysely } from 'kysely';
import type { Position } from '@labelwise/event-store';
import type { Database } from '../schema/database';

export interface Checkpoint {
  name: string;
  version: number;
  position: Position;
  state: 'running' | 'parked';
  lastError: string | null;
  failingEventId: string | null;
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

/** The checkpoint columns of a projection running at `position`, with any parking error cleared. */
export function runningAt(position: Position) {
  return {
    ...positionColumns(position),
    state: 'running' as const,
    last_error: null,
    failing_event_id: null,
    failing_commit: null,
    failing_prepare: null,
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
    failingEventId: row.failing_event_id,
    updatedAt: row.updated_at,
  }));
}

export async function readCheckpoint(db: Kysely<Database>, name: string): Promise<Checkpoint | undefined> {
  return (await readCheckpoints(db, [name]))[0];
}
