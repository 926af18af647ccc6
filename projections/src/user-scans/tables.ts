import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A global event position component (bigint; read back as a string). */
type PositionPart = ColumnType<string, string, string>;

/**
 * Each product a user scanned, once, with their latest scan. `scanned_at` is what the client
 * reported; the order is the order the server recorded the scans (the event position).
 */
export interface UserScansTable {
  uid: string;
  product_id: number;
  scanned_at: Timestamp;
  position_commit: PositionPart;
  position_prepare: PositionPart;
}

/** Each scanned product's latest scan by anyone: the community's recently scanned list. */
export interface ProductLastScansTable {
  product_id: number;
  scanned_at: Timestamp;
  position_commit: PositionPart;
  position_prepare: PositionPart;
}

export interface UserScanTables {
  user_scans: UserScansTable;
  product_last_scans: ProductLastScansTable;
}
