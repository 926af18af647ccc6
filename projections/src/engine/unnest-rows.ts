import { sql, type RawBuilder } from 'kysely';

/** PostgreSQL element types a batch column may have (spelled here, never taken from data). */
export type ColumnType = 'text' | 'int4' | 'int8' | 'float8' | 'bool' | 'timestamptz' | 'jsonb';

/**
 * Rows for `insertInto(table).columns(columns).expression(select)`, sent as one array
 * parameter per column (`select * from unnest($1::text[], $2::int4[], ...)`) instead of one
 * parameter per value: a batch of thousands of rows costs PostgreSQL a handful of parameters
 * to parse and bind, and Node no per-value placeholder to compile.
 */
export function unnestRows<Row extends object>(
  rows: Row[],
  types: { [K in keyof Row & string]: ColumnType },
): { columns: Array<keyof Row & string>; select: RawBuilder<Row> } {
  const columns = Object.keys(types) as Array<keyof Row & string>;
  const arrays = columns.map(
    (column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(types[column])}[]`,
  );
  return { columns, select: sql<Row>`select * from unnest(${sql.join(arrays)})` };
}
