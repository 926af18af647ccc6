import type { Kysely } from 'kysely';
import { START, type EventStore } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { LOCK_CLASS, heldLocks, lockKey } from './advisory-locks';
import { formatPosition, readCheckpoints, type FailingEvent } from './checkpoints';
import type { ProjectionDefinition } from './projection';

const LAG_COUNT_CAP = 10_000_000;

export interface ProjectionStatus {
  name: string;
  version: number;
  /** Position of the last event applied, as `commit/prepare`. */
  checkpoint: string;
  lagEvents: number;
  /** Age of the oldest event not yet applied (0 when caught up). */
  lagSeconds: number;
  /** running: a worker holds it; parked: a handler failed; rebuilding: a shadow rebuild runs; idle: no worker. */
  state: 'running' | 'parked' | 'rebuilding' | 'idle';
  lastError: string | null;
  /** The event it is parked at (`position` as `commit/prepare`, what `projections skip` takes); null while running. */
  failingEvent: FailingEventStatus | null;
  /** Events replayed so far by a rebuild in progress. */
  rebuildProcessed: number | null;
}

export interface FailingEventStatus {
  id: string;
  position: string;
  stream: string | null;
  type: string | null;
}

const failingEventStatus = ({ id, position, stream, type }: FailingEvent): FailingEventStatus => ({
  id,
  position: formatPosition(position),
  stream,
  type,
});

/** One line per projection with a checkpoint (and per registered one still without). */
export async function projectionStatus(
  db: Kysely<Database>,
  store: EventStore,
  projections: ProjectionDefinition[] = [],
): Promise<ProjectionStatus[]> {
  const [checkpoints, rebuilds, live, rebuilding] = await Promise.all([
    readCheckpoints(db),
    db.selectFrom('projection_rebuilds').select(['name', 'processed']).execute(),
    heldLocks(db, LOCK_CLASS.live),
    heldLocks(db, LOCK_CLASS.rebuild),
  ]);
  const registered = projections.filter((p) => !checkpoints.some((cp) => cp.name === p.name));
  const now = Date.now();
  const rows = await Promise.all(
    checkpoints.map(async (cp): Promise<ProjectionStatus> => {
      const lagEvents = await store.countEventsAfter(cp.position, LAG_COUNT_CAP);
      const [oldest] = lagEvents > 0 ? await store.readAll(cp.position, 1) : [];
      const rebuild = rebuilds.find((r) => r.name === cp.name);
      const isRebuilding = rebuild !== undefined && rebuilding.has(lockKey(cp.name));
      return {
        name: cp.name,
        version: cp.version,
        checkpoint: formatPosition(cp.position),
        lagEvents,
        lagSeconds: oldest ? Math.max(0, (now - oldest.recordedAt.getTime()) / 1000) : 0,
        state: isRebuilding
          ? 'rebuilding'
          : cp.state === 'parked'
            ? 'parked'
            : live.has(lockKey(cp.name))
              ? 'running'
              : 'idle',
        lastError: cp.lastError,
        failingEvent: cp.failingEvent && failingEventStatus(cp.failingEvent),
        rebuildProcessed: isRebuilding ? Number(rebuild.processed) : null,
      };
    }),
  );
  const unstarted = await Promise.all(
    registered.map(async (p): Promise<ProjectionStatus> => ({
      name: p.name,
      version: p.version,
      checkpoint: '0/0',
      lagEvents: await store.countEventsAfter(START, LAG_COUNT_CAP),
      lagSeconds: 0,
      state: 'idle',
      lastError: null,
      failingEvent: null,
      rebuildProcessed: null,
    })),
  );
  return [...rows, ...unstarted].sort((a, b) => a.name.localeCompare(b.name));
}
