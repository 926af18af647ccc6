import { int4, readTable, text, type RowOf, type TablesOf } from '../engine/columns';

/** Scans each user recorded per UTC calendar month ('YYYY-MM', as stamped by the server). */
export const monthlyScanCountsTable = readTable(
  'monthly_scan_counts',
  { uid: text(), month: text(), count: int4() },
  { primaryKey: ['uid', 'month'] },
);

export type MonthlyScanCountsTable = RowOf<typeof monthlyScanCountsTable.columns>;

export type MonthlyScanCountTables = TablesOf<typeof monthlyScanCountsTable>;
