import type { ImportSkipReason } from '@labelwise/domain';
import { int8, jsonb, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

const importRunColumns = {
  run_id: text().primaryKey(),
  /** The file, `-` (stdin) or URL given to the importer. */
  source: text(),
  format: text<'csv' | 'jsonl'>(),
  /** `running` until the run records how it ended (a killed run stays `running`). */
  state: text<'running' | 'completed' | 'interrupted' | 'failed'>(),
  started_at: timestamptz(),
  finished_at: timestamptz().nullable(),
  rows_read: int8<number>(),
  imported: int8<number>(),
  updated: int8<number>(),
  unchanged: int8<number>(),
  skipped: jsonb<Record<ImportSkipReason, number>>(),
  error: text().nullable(),
};

export const importRunsTable = readTable('import_runs', importRunColumns);

export type ImportRunsTable = RowOf<typeof importRunColumns>;

export type ImportRunTables = TablesOf<typeof importRunsTable>;
