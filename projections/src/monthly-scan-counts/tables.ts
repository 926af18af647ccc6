/** Scans each user recorded per UTC calendar month ('YYYY-MM', as stamped by the server). */
export interface MonthlyScanCountsTable {
  uid: string;
  month: string;
  count: number;
}

export interface MonthlyScanCountTables {
  monthly_scan_counts: MonthlyScanCountsTable;
}
