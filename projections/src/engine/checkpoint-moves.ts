import { sql, type Kysely } from 'kysely';
import type { Position } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { runningAt } from './checkpoints';
import type { ProjectionDefinition } from './projection';

/** Whether the checkpoint moved, or someone else had moved it from `expected` meanwhile. */
export type MoveOutcome = 'applied' | 'moved';

/**
 * Moves the checkpoints of `projections` from `expected` to `to` in one guarded statement,
 * which also locks their rows before any read table is touched (so a rebuild's swap, which
 * locks the row first too, and a live batch serialize without deadlocking). Returns the names
 * moved. `tablesChanged` bumps data_version. The transaction it is part of commits without
 * waiting for the WAL flush (as commitWithoutFlushWait), set from the same statement to save a
 * round trip.
 */
export async function moveCheckpoints(
  db: Kysely<Database>,
  projections: ProjectionDefinition[],
  expected: Position,
  to: Position,
  tablesChanged: boolean,
): Promise<Set<string>> {
  const names = projections.map((p) => p.name);
  const versions = projections.map((p) => p.version);
  const rows = await db
    .updateTable('projection_checkpoints')
    .set({ ...runningAt(to), ...(tablesChanged && { data_version: sql<string>`data_version + 1` }) })
    .where(sql<boolean>`(name, version) in (select * from unnest(${names}::text[], ${versions}::int4[]))`)
    .where('commit', '=', expected.commit.toString())
    .where('prepare', '=', expected.prepare.toString())
    .returning(['name', sql<string>`set_config('synchronous_commit', 'off', true)`.as('synchronous_commit')])
    .execute();
  return new Set(rows.map((row) => row.name));
}

interface MoveRequest {
  projection: ProjectionDefinition;
  expected: Position;
  to: Position;
  settle: (outcome: Promise<MoveOutcome>) => void;
}

/**
 * Moves the checkpoints of projections that had nothing to apply in a batch. The projections of
 * one worker mostly sit at the same position and get the same batch from the shared read, so
 * the moves asked for in one turn of the event loop go out as one statement per distinct move
 * instead of one per projection (at the head, where most batches hold only scans, these moves
 * were a third of the worker's statements).
 */
export function batchCheckpointMoves(db: Kysely<Database>) {
  let pending: MoveRequest[] = [];

  const flush = () => {
    const requests = pending;
    pending = [];
    const groups = new Map<string, MoveRequest[]>();
    for (const request of requests) {
      const { expected, to } = request;
      const key = `${expected.commit}:${expected.prepare}>${to.commit}:${to.prepare}`;
      const group = groups.get(key);
      if (group) group.push(request);
      else groups.set(key, [request]);
    }
    for (const group of groups.values()) {
      const { expected, to } = group[0]!;
      const moved = moveCheckpoints(
        db,
        group.map((r) => r.projection),
        expected,
        to,
        false,
      );
      for (const request of group) {
        request.settle(moved.then((names) => (names.has(request.projection.name) ? 'applied' : 'moved')));
      }
    }
  };

  return (projection: ProjectionDefinition, expected: Position, to: Position): Promise<MoveOutcome> =>
    new Promise((resolve) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ projection, expected, to, settle: resolve });
    });
}

export type CheckpointMover = ReturnType<typeof batchCheckpointMoves>;
