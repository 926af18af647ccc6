import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Generated,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countedPage, matchingAll, textSearch } from '@labelwise/projections/queries';
import { booleanFilter, pageOf, parseListQuery, searchTerm, tableList } from './list-query';

const listQuery = (params: Record<string, string>) =>
  parseListQuery(params, {
    filter: z.strictObject({}),
    sortFields: ['revision'],
    defaultSort: ['revision', 'ASC'],
  });
const rows = [1, 2, 3, 4, 5];

describe('pageOf', () => {
  it('pages rows held in ascending order as asked, with the total of the whole list', () => {
    const query = listQuery({ range: '[1,2]' });
    expect(pageOf(rows, query)).toEqual({ rows: [2, 3], total: 5 });
  });

  it('reverses them for a descending sort without touching the given array', () => {
    const query = listQuery({ sort: '["revision","DESC"]', range: '[0,1]' });
    expect(pageOf(rows, query)).toEqual({ rows: [5, 4], total: 5 });
    expect(rows).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers an empty page past the end', () => {
    const query = listQuery({ range: '[10,14]' });
    expect(pageOf(rows, query)).toEqual({ rows: [], total: 5 });
  });
});

interface Db {
  items: { id: Generated<number>; name: string; note: string; archived: boolean };
}
/** Compiles statements without a database. */
const db = new Kysely<Db>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const itemList = tableList({
  filter: z.strictObject({ q: searchTerm, archived: booleanFilter.optional() }),
  sortColumns: { name: 'name', added: 'id' },
  defaultSort: ['added', 'DESC'],
});
type ItemFilter = z.infer<typeof itemList.filter>;

const matching = (filter: ItemFilter) =>
  matchingAll<Db, 'items'>((eb) => [
    filter.archived !== undefined && eb('archived', '=', filter.archived),
    textSearch(eb, filter.q, ['name', 'note'], (term) =>
      /^\d+$/.test(term) ? [eb('id', '=', Number(term))] : [],
    ),
  ]);
const whereOf = (filter: ItemFilter) => {
  const { sql, parameters } = db.selectFrom('items').select('id').where(matching(filter)).compile();
  return { where: sql.slice(sql.indexOf(' where ') + 7), parameters };
};

describe('tableList', () => {
  it('takes its sort fields from the sort columns', () => {
    expect(itemList.sortFields).toEqual(['name', 'added']);
    expect(parseListQuery({ sort: '["name","ASC"]' }, itemList).sort).toEqual({
      field: 'name',
      direction: 'asc',
    });
    expect(parseListQuery({}, itemList).sort).toEqual({ field: 'added', direction: 'desc' });
  });

  it('refuses a sort field without a column and a filter it does not know', () => {
    expect(() => parseListQuery({ sort: '["note","ASC"]' }, itemList)).toThrow();
    expect(() => parseListQuery({ filter: '{"colour":"red"}' }, itemList)).toThrow();
  });

  it('reads yes/no filters as booleans or as the strings select inputs send', () => {
    expect(parseListQuery({ filter: '{"archived":"false"}' }, itemList).filter).toEqual({ archived: false });
    expect(parseListQuery({ filter: '{"archived":true}' }, itemList).filter).toEqual({ archived: true });
  });
});

describe('matchingAll and textSearch', () => {
  it('match everything without a filter', () => {
    expect(whereOf({}).where).toBe('1 = 1');
  });

  it('join the conditions that apply, leaving a blank search out', () => {
    expect(whereOf({ archived: false, q: '  ' })).toEqual({ where: '"archived" = $1', parameters: [false] });
  });

  it('search every text column with ILIKE, wildcards escaped, and the exact matches the term allows', () => {
    expect(whereOf({ q: ' 50%_off ' })).toEqual({
      where: '("name" ilike $1 or "note" ilike $2)',
      parameters: ['%50\\%\\_off%', '%50\\%\\_off%'],
    });
    expect(whereOf({ archived: true, q: '12' })).toEqual({
      where: '("archived" = $1 and ("name" ilike $2 or "note" ilike $3 or "id" = $4))',
      parameters: [true, '%12%', '%12%', 12],
    });
  });
});

describe('countedPage', () => {
  it('answers the page through the view with the total as a number', async () => {
    const page = await countedPage(Promise.resolve([1, 2]), Promise.resolve({ total: '7' }), (n) => n * 10);
    expect(page).toEqual({ rows: [10, 20], total: 7 });
  });
});
