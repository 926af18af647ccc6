import { z } from 'zod';
import { importRunCountsSchema } from './import-run-events';
import { isoTimestamp } from './metadata';

/**
 * OFF's daily delta files, as its index lists them: `openfoodfacts_products_<from>_<to>.json.gz`,
 * the Unix times of the first and last change they hold, so name order is time order.
 */
export const OFF_DELTA_FILE = /^openfoodfacts_products_(\d{1,12})_(\d{1,12})\.json\.gz$/;
const deltaFile = z.string().regex(OFF_DELTA_FILE);

/** The `off-sync` stream: which of OFF's daily deltas were applied, and each sync's outcome. */
export const offSyncEvents = {
  /** A delta file imported to its end (an import run that completed): never applied again. */
  OffDeltaApplied: z.object({ syncId: z.uuid(), file: deltaFile, runId: z.uuid(), appliedAt: isoTimestamp }),
  /** One run of `npm run sync:off` (by hand or on the schedule) and what it did. */
  OffSyncFinished: z.object({
    syncId: z.uuid(),
    startedAt: isoTimestamp,
    finishedAt: isoTimestamp,
    /** `interrupted`: a delta broke off (it is applied again next time); `failed`: OFF's index could not be read. */
    state: z.enum(['completed', 'interrupted', 'failed']),
    /** The deltas this sync applied, in order. */
    applied: z.array(deltaFile),
    /** The deltas' import runs added up. */
    counts: importRunCountsSchema,
    /** Set when changes OFF no longer lists are missing: only the full export brings them. */
    gap: z.string().nullable(),
    error: z.string().nullable(),
  }),
} as const;
