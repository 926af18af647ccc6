import { sql, type ColumnType as KyselyColumnType, type CreateTableBuilder, type Kysely } from 'kysely';
import type { ColumnType } from './unnest-rows';

/**
 * A read table's column, declared once in its table's declaration (see `readTable`): `createTable`
 * adds it, handlers send rows typed by it (`unnestTypes`), queries select it by name, and the
 * table's Kysely row type is derived from it (`Select` is what a query reads, `Insert` what an
 * insert or update takes).
 */
export class Column<Select = unknown, Insert = Select> {
  /** Types only: never set. */
  declare readonly values?: { select: Select; insert: Insert };

  constructor(
    /** Its PostgreSQL type, as a batch sends it. */
    readonly type: ColumnType,
    readonly options: {
      /** Stored as another type than it is sent (a rank fits in two bytes; a search vector is built from text). */
      storedAs?: 'smallint' | 'tsvector';
      nullable?: true;
      primaryKey?: true;
    } = {},
  ) {}

  nullable(): Column<Select | null, Insert | null> {
    return new Column(this.type, { ...this.options, nullable: true });
  }

  primaryKey(): Column<Select, Insert> {
    return new Column(this.type, { ...this.options, primaryKey: true });
  }

  storedAs(storage: 'smallint'): Column<Select, Insert> {
    return new Column(this.type, { ...this.options, storedAs: storage });
  }
}

type Timestamp = Date | string;

export const text = <T extends string = string>() => new Column<NoInfer<T>>('text');
export const int4 = () => new Column<number>('int4');
/** A bigint: PostgreSQL gives it back as a string. */
export const int8 = <Insert extends number | string = string>() =>
  new Column<string, NoInfer<Insert>>('int8');
export const bool = () => new Column<boolean>('bool');
export const timestamptz = () => new Column<Date, Timestamp>('timestamptz');
/** JSON, written as its text. */
export const jsonb = <T>() => new Column<NoInfer<T>, string>('jsonb');
/** A search vector, written as the text of one (`upsertCards` builds them in SQL). */
export const tsvector = () => new Column<string>('text', { storedAs: 'tsvector' });

export type Columns = Record<string, Column<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A read table: its name, its columns in order and, when it has one, its primary key of several columns. */
export interface ReadTable<Name extends string = string, C extends Columns = Columns> {
  name: Name;
  columns: C;
  primaryKey?: readonly string[];
}

/** Declares a read table once: its DDL (`createTable`) and its Kysely row type (`RowOf`) both come from here. */
export function readTable<Name extends string, C extends Columns>(
  name: Name,
  columns: C,
  options: { primaryKey?: readonly (keyof C & string)[] } = {},
): ReadTable<Name, C> {
  return { name, columns, ...options };
}

/** The Kysely row type of a table's columns. */
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K] extends Column<infer Select, infer Insert> ? ValueType<Select, Insert> : never;
};

/** A plain type where a column reads what it takes, as a hand-written Kysely interface would have it. */
type ValueType<Select, Insert> = [Select] extends [Insert]
  ? [Insert] extends [Select]
    ? Select
    : KyselyColumnType<Select, Insert, Insert>
  : KyselyColumnType<Select, Insert, Insert>;

/** The Kysely tables (name → row type) of some read-table declarations. */
export type TablesOf<T extends ReadTable> = {
  [Table in T as Table['name']]: RowOf<Table['columns']>;
};

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
  columns: Columns,
): CreateTableBuilder<Table, string> {
  return Object.entries(columns).reduce(
    (builder, [name, { type, options }]) =>
      builder.addColumn(name, sql.raw(options.storedAs ?? storageTypes[type]), (c) =>
        options.primaryKey ? c.primaryKey() : options.nullable ? c : c.notNull(),
      ),
    table,
  );
}

/** `create table if not exists` for `table` inside `schema`, from its declaration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function createTable(db: Kysely<any>, schema: string, table: ReadTable) {
  const created = addColumns(
    db.schema.withSchema(schema).createTable(table.name).ifNotExists(),
    table.columns,
  );
  return table.primaryKey
    ? created.addPrimaryKeyConstraint(`${table.name}_pkey`, [...table.primaryKey])
    : created;
}

/** Each column's type as `unnestRows` sends it. */
export function unnestTypes<C extends Columns>(columns: C): { [K in keyof C & string]: ColumnType } {
  return Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, column.type])) as {
    [K in keyof C & string]: ColumnType;
  };
}

/** The columns' names, in their order. */
export function columnNames<C extends Columns>(columns: C): (keyof C & string)[] {
  return Object.keys(columns) as (keyof C & string)[];
}
