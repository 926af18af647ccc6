export type { ProjectionDefinition } from './projection';
export type { EngineLogger } from './logger';
export { startProjectionWorker, type ProjectionWorker, type ProjectionWorkerOptions } from './worker';
export { waitForProjections, type WaitResult } from './wait-for-projections';
export { createCheckpointWatch, type CheckpointWatch } from './checkpoint-watch';
export { projectionStatus, type FailingEventStatus, type ProjectionStatus } from './status';
export { skipFailingEvent, type SkipRequest } from './skips';
export {
  rebuildProjection,
  rebuildAll,
  RebuildFailed,
  type RebuildOptions,
  type RebuildProgress,
} from './rebuild';
export { ensureProjectionTables } from './ensure-tables';
