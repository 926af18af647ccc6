import { sql, type Expression, type ExpressionBuilder, type SqlBool, type StringReference } from 'kysely';

/** One page of a console list: its filter, its sort and where the page starts. */
export interface ListQuery<Filter, SortField extends string> {
  filter: Filter;
  sort: { field: SortField; direction: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

/** Text search terms are matched with ILIKE: escape its wildcards. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list filter's `where`: every condition that applies; `undefined` or `false` ones are left out. */
export function matchingAll<DB, TB extends keyof DB>(
  conditions: (eb: ExpressionBuilder<DB, TB>) => Array<Expression<SqlBool> | false | undefined>,
) {
  return (eb: ExpressionBuilder<DB, TB>) =>
    eb.and(conditions(eb).filter((condition): condition is Expression<SqlBool> => Boolean(condition)));
}

/**
 * `q` matched with ILIKE (wildcards escaped) against any of `columns`, or any of the exact
 * matches `alsoExactly` builds from the trimmed term; undefined for a blank term.
 */
export function textSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  q: string | undefined,
  columns: ReadonlyArray<StringReference<DB, TB>>,
  alsoExactly: (term: string) => Array<Expression<SqlBool>> = () => [],
): Expression<SqlBool> | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return eb.or([
    ...columns.map((column) => sql<SqlBool>`${sql.ref(column)} ilike ${pattern}`),
    ...alsoExactly(term),
  ]);
}

/** One page of rows and the count of the whole filtered list, queried together. */
export async function countedPage<Row, Record>(
  rows: Promise<Row[]>,
  count: Promise<{ total: string | number | bigint }>,
  view: (row: Row) => Record,
): Promise<{ rows: Record[]; total: number }> {
  const [page, { total }] = await Promise.all([rows, count]);
  return { rows: page.map(view), total: Number(total) };
}
