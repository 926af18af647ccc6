import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { ColumnType } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createTable,
  int4,
  int8,
  jsonb,
  readTable,
  text,
  timestamptz,
  tsvector,
  type RowOf,
} from './columns';

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const scores = readTable(
  'scores',
  {
    uid: text(),
    month: text(),
    rank: int4().storedAs('smallint'),
    note: text<'a' | 'b'>().nullable(),
    tags: jsonb<string[]>(),
    position: int8(),
    at: timestamptz().nullable(),
    words: tsvector(),
  },
  { primaryKey: ['uid', 'month'] },
);

describe('a read table declaration', () => {
  it('gives the DDL: columns in order, not null unless nullable, stored types, the primary key', () => {
    expect(createTable(db, 'rebuild_x', scores).compile().sql).toBe(
      'create table if not exists "rebuild_x"."scores" ("uid" text not null, "month" text not null, ' +
        '"rank" smallint not null, "note" text, "tags" jsonb not null, "position" bigint not null, ' +
        '"at" timestamptz, "words" tsvector not null, ' +
        'constraint "scores_pkey" primary key ("uid", "month"))',
    );
    const single = readTable('one', { id: int4().primaryKey(), name: text() });
    expect(createTable(db, 'public', single).compile().sql).toBe(
      'create table if not exists "public"."one" ("id" integer primary key, "name" text not null)',
    );
  });

  it('gives the Kysely row type', () => {
    expectTypeOf<RowOf<typeof scores.columns>>().toEqualTypeOf<{
      uid: string;
      month: string;
      rank: number;
      note: 'a' | 'b' | null;
      tags: ColumnType<string[], string, string>;
      position: string;
      at: ColumnType<Date | null, Date | string | null, Date | string | null>;
      words: string;
    }>();
  });
});
