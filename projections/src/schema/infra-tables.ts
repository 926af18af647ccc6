import type { Generated } from 'kysely';

/** The event a projection could not apply: its id, position, stream and type (null where not recorded). */
export interface FailingEventColumns {
  last_error: string | null;
  failing_event_id: string | null;
  failing_commit: string | null;
  failing_prepare: string | null;
  failing_stream: string | null;
  failing_type: string | null;
}

/**
 * One row per projection: where its live tables are in the global event order.
 * `commit`/`prepare` are the position of the last event applied (or skipped) by it.
 */
export interface ProjectionCheckpointsTable extends FailingEventColumns {
  name: string;
  version: number;
  commit: string;
  prepare: string;
  state: 'running' | 'parked';
  updated_at: Generated<Date>;
  /** Bumped whenever the live tables change (a batch with events it handles, a swapped-in rebuild): a cache key for readers. */
  data_version: Generated<string>;
}

/**
 * A shadow rebuild in progress: its own checkpoint, so progress is visible to `status`. A rebuild
 * that failed on an event keeps its row, with that event, until the next rebuild of the projection.
 */
export interface ProjectionRebuildsTable extends FailingEventColumns {
  name: string;
  version: number;
  commit: string;
  prepare: string;
  processed: string;
  started_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ProjectionInfraTables {
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_rebuilds: ProjectionRebuildsTable;
}
