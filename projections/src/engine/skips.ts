import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  conflict,
  projectionSkipsDecider,
  skippedFor,
  streams,
  type ProjectionSkips,
} from '@labelwise/domain';
import { handleCommand, loadState, type EventStore, type RecordedEvent } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { failingEventOf, formatPosition, noFailure, positionColumns, type FailingEvent } from './checkpoints';
import type { ProjectionDefinition } from './projection';

// An operator moves a projection past an event it cannot apply with a recorded decision
// (`ProjectionEventSkipped` on the `projection-skips` stream: who, when, why): the live tables go
// on after it, and every rebuild leaves it out, so that a rebuild gives the rows the live tables have.

/** Every skip recorded so far. */
export function loadSkips(store: EventStore): Promise<ProjectionSkips> {
  return loadState(store, projectionSkipsDecider, streams.projectionSkips());
}

/** The projection as a rebuild replays it: without the events skipped for it (itself when none). */
export function withoutSkipped(
  projection: ProjectionDefinition,
  skips: ProjectionSkips,
): ProjectionDefinition {
  const skipped = skippedFor(skips, projection.name);
  if (skipped.size === 0) return projection;
  const kept = (events: RecordedEvent[]) => events.filter((event) => !skipped.has(event.id));
  const { handle, ownRows } = projection;
  return {
    ...projection,
    handle: async (events, db) => {
      const applied = kept(events);
      return applied.length > 0 ? handle(applied, db) : undefined;
    },
    ownRows: ownRows && ((events) => ownRows(kept(events))),
  };
}

export interface SkipRequest {
  db: Kysely<Database>;
  store: EventStore;
  /** The projection as this code defines it (its version tells a live park from a rebuild's). */
  projection: ProjectionDefinition;
  /** The failing event's position, `commit/prepare`, as `status` and the console show it. */
  position: string;
  reason: string;
  /** Who skips it, for the audit trail: an administrator's uid, or `cli:<user>`. */
  actor: string;
  now: Date;
}

/**
 * Records that `projection` skips the event it stopped at (parked live, or the last rebuild failed
 * there) and moves it on: a projection parked live continues after the event, one whose rebuild to
 * a new version stopped there is rebuilt again without it. Refused (409) unless the projection is
 * stopped at that event; recording it again changes nothing.
 */
export async function skipFailingEvent(request: SkipRequest): Promise<FailingEvent> {
  const { db, store, projection, position, reason, actor, now } = request;
  const [checkpoint, rebuild] = await Promise.all([
    db
      .selectFrom('projection_checkpoints')
      .selectAll()
      .where('name', '=', projection.name)
      .executeTakeFirst(),
    db.selectFrom('projection_rebuilds').selectAll().where('name', '=', projection.name).executeTakeFirst(),
  ]);
  const parkedAt = checkpoint?.state === 'parked' ? failingEventOf(checkpoint) : null;
  const rebuildStoppedAt = rebuild ? failingEventOf(rebuild) : null;
  const failing = [parkedAt, rebuildStoppedAt].find(
    (event) => event !== null && formatPosition(event.position) === position,
  );
  if (!failing) throw notStoppedThere(projection.name, position, parkedAt ?? rebuildStoppedAt);

  await handleCommand({
    store,
    decider: projectionSkipsDecider,
    stream: streams.projectionSkips(),
    command: {
      type: 'SkipProjectionEvent',
      skip: {
        projection: projection.name,
        eventId: failing.id,
        position,
        eventType: failing.type ?? 'unknown',
        error: failing.error,
        reason,
      },
    },
    metadata: { actor, correlationId: randomUUID(), causationId: null, at: now.toISOString() },
  });
  await db.transaction().execute(async (trx) => {
    if (failing === parkedAt) {
      // Parked live: on from the event. Parked by a rebuild to this code's version: rebuilt again.
      const live = checkpoint!.version === projection.version;
      await trx
        .updateTable('projection_checkpoints')
        .set({
          ...(live ? positionColumns(failing.position) : {}),
          state: 'running',
          ...noFailure,
          updated_at: now,
        })
        .where('name', '=', projection.name)
        .where('state', '=', 'parked')
        .where('failing_event_id', '=', failing.id)
        .execute();
    }
    await trx
      .updateTable('projection_rebuilds')
      .set(noFailure)
      .where('name', '=', projection.name)
      .where('failing_event_id', '=', failing.id)
      .execute();
  });
  return failing;
}

function notStoppedThere(name: string, position: string, stoppedAt: FailingEvent | null) {
  return conflict(
    'NOT_STOPPED_AT_EVENT',
    stoppedAt
      ? `${name} is stopped at event ${formatPosition(stoppedAt.position)}, not at ${position}.`
      : `${name} is not stopped at any event: there is nothing to skip.`,
  );
}
