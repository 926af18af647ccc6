import { z } from 'zod';

/** Why an import skipped a row, counted in its summary. */
export const importSkipReasonSchema = z.enum(['no barcode', 'not food', 'no name', 'malformed']);
export type ImportSkipReason = z.infer<typeof importSkipReasonSchema>;

const count = z.number().int().nonnegative();

/** What an Open Food Facts import run did with the rows it read. */
export const importRunCountsSchema = z.object({
  rowsRead: count,
  imported: count,
  updated: count,
  unchanged: count,
  skipped: z.record(importSkipReasonSchema, count),
});
export type ImportRunCounts = z.infer<typeof importRunCountsSchema>;

/** `import-run-{runId}` streams: one Open Food Facts import run each (console "Import runs"). */
export const importRunEvents = {
  ImportRunStarted: z.object({
    runId: z.uuid(),
    /** The file, `-` (stdin) or URL given to the importer. */
    source: z.string().min(1),
    format: z.enum(['csv', 'jsonl']),
    startedAt: z.iso.datetime(),
  }),
  ImportRunFinished: z.object({
    runId: z.uuid(),
    state: z.enum(['completed', 'interrupted', 'failed']),
    counts: importRunCountsSchema,
    finishedAt: z.iso.datetime(),
    error: z.string().nullable(),
  }),
} as const;
