/**
 * `@labelwise/projections`: the read side as the server runs it. The engine (worker, catch-up,
 * rebuild, status), the registry of projections, the read database's schema and connection. The
 * read models' queries are apart, in `@labelwise/projections/queries`.
 */
export * from './engine/index';
export { LOCK_CLASS, LockSession } from './engine/advisory-locks';
export { positionOf, readCheckpoints } from './engine/checkpoints';
export * from './registry';
export { monthlyScanCountsProjection } from './monthly-scan-counts/projection';
export { productCardsProjection } from './product-cards/projection';
export { createDb } from './schema/create-db';
export type { Database } from './schema/database';
export { ensureInfraTables } from './schema/ensure-infra-tables';
export type { ImportRunsTable } from './import-runs/tables';
export type { UserProfilesTable } from './user-profiles/tables';
