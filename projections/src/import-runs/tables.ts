import type { ColumnType, JSONColumnType } from 'kysely';
import type { ImportSkipReason } from '@labelwise/domain';

export interface ImportRunsTable {
  run_id: string;
  /** The file, `-` (stdin) or URL given to the importer. */
  source: string;
  format: 'csv' | 'jsonl';
  /** `running` until the run records how it ended (a killed run stays `running`). */
  state: 'running' | 'completed' | 'interrupted' | 'failed';
  started_at: ColumnType<Date, Date | string, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  rows_read: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: JSONColumnType<Record<ImportSkipReason, number>>;
  error: string | null;
}

export interface ImportRunTables {
  import_runs: ImportRunsTable;
}
