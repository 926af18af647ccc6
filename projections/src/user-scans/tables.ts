import { int4, int8, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

/** A global event position: its two parts (bigints; read back as strings). */
const position = { position_commit: int8(), position_prepare: int8() };

/**
 * Each product a user scanned, once, with their latest scan. `scanned_at` is what the client
 * reported; the order is the order the server recorded the scans (the event position).
 */
export const userScansTable = readTable(
  'user_scans',
  { uid: text(), product_id: int4(), scanned_at: timestamptz(), ...position },
  { primaryKey: ['uid', 'product_id'] },
);

export type UserScansTable = RowOf<typeof userScansTable.columns>;

/** Each scanned product's latest scan by anyone: the community's recently scanned list. */
export const productLastScansTable = readTable('product_last_scans', {
  product_id: int4().primaryKey(),
  scanned_at: timestamptz(),
  ...position,
});

export type ProductLastScansTable = RowOf<typeof productLastScansTable.columns>;

export type UserScanTables = TablesOf<typeof userScansTable | typeof productLastScansTable>;
