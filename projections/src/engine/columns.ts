import type { CreateTableBuilder } from 'kysely';
import type { ColumnType } from './unnest-rows';

/**
 * A read table's column, declared once beside the table's Kysely interface: `createTables` adds
 * it, handlers send rows typed by it (`unnestTypes`) and queries select it by name.
 */
export interface Column {
  /** Its PostgreSQL type, as a batch sends it. */
  type: ColumnType;
  /** Stored narrower than it is sent (a rank fits in two bytes). */
  storedAs?: 'smallint';
  nullable?: true;
  primaryKey?: true;
}

/** Every column of `Row`, each declared once. */
export type Columns<Row> = { [K in keyof Row & string]-?: Column };

const storageTypes = {
  text: 'text',
  int4: 'integer',
  int8: 'bigint',
  float8: 'double precision',
  bool: 'boolean',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
} as const;

/** Adds `columns` to a table being created, in their order. */
export function addColumns<Table extends string>(
  table: CreateTableBuilder<Table, string>,
  columns: Record<string, Column>,
): CreateTableBuilder<Table, string> {
  return Object.entries(columns).reduce(
    (builder, [name, column]) =>
      builder.addColumn(name, column.storedAs ?? storageTypes[column.type], (c) =>
        column.primaryKey ? c.primaryKey() : column.nullable ? c : c.notNull(),
      ),
    table,
  );
}

/** Each column's type as `unnestRows` sends it. */
export function unnestTypes<Row>(columns: Columns<Row>): { [K in keyof Row & string]: ColumnType } {
  return Object.fromEntries(Object.entries<Column>(columns).map(([name, column]) => [name, column.type])) as {
    [K in keyof Row & string]: ColumnType;
  };
}

/** The columns' names, in their order. */
export function columnNames<Row>(columns: Columns<Row>): (keyof Row & string)[] {
  return Object.keys(columns) as (keyof Row & string)[];
}
