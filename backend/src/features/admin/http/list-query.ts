import type { Response, Router } from 'express';
import { z } from 'zod';
import type { ListQuery } from '@labelwise/projections/queries';
import { parseInput } from '../../../http/validate';

/** The most rows one list request may ask for. */
export const MAX_PAGE_SIZE = 500;

/** A query-string parameter that holds JSON, as ra-data-simple-rest sends `sort`, `range` and `filter`. */
function jsonParam<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const rangeSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([start, end]) => end >= start, 'end must not come before start')
  .refine(([start, end]) => end - start < MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE} rows per page`);

export interface ListSpec<Filter extends z.ZodType, SortField extends string> {
  filter: Filter;
  sortFields: readonly [SortField, ...SortField[]];
  defaultSort: [SortField, 'ASC' | 'DESC'];
  defaultPageSize?: number;
}

/** Parses `?sort=["field","ASC"]&range=[0,24]&filter={...}` (every part optional). */
export function parseListQuery<Filter extends z.ZodType, SortField extends string>(
  query: unknown,
  spec: ListSpec<Filter, SortField>,
): ListQuery<z.infer<Filter>, SortField> {
  const schema = z.strictObject({
    sort: jsonParam(z.tuple([z.enum(spec.sortFields), z.enum(['ASC', 'DESC'])])).optional(),
    range: jsonParam(rangeSchema).optional(),
    filter: jsonParam(spec.filter).optional(),
  });
  const parsed = parseInput(schema, query);
  const [field, order] = parsed.sort ?? spec.defaultSort;
  const [start, end] = parsed.range ?? [0, (spec.defaultPageSize ?? 25) - 1];
  return {
    filter: parsed.filter ?? spec.filter.parse({}),
    sort: { field: field as SortField, direction: order === 'ASC' ? 'asc' : 'desc' },
    offset: start,
    limit: end - start + 1,
  };
}

/** One page of a list and how many rows the whole list holds. */
export interface Page {
  rows: readonly unknown[];
  total: number;
}

/** Answers a page of a list with the `Content-Range` header react-admin reads the total from. */
function sendPage(res: Response, resource: string, offset: number, { rows, total }: Page) {
  const range = rows.length > 0 ? `${offset}-${offset + rows.length - 1}` : '*';
  res.set('Content-Range', `${resource} ${range}/${total}`);
  res.set('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}

/** `GET /<resource>` as react-admin lists it: the query parsed by `spec`, the page `load` finds. */
export function listRoute<Filter extends z.ZodType, SortField extends string>(
  router: Router,
  resource: string,
  spec: ListSpec<Filter, SortField>,
  load: (query: ListQuery<z.infer<Filter>, SortField>) => Page | Promise<Page>,
): void {
  router.get(`/${resource}`, async (req, res) => {
    const query = parseListQuery(req.query, spec);
    sendPage(res, resource, query.offset, await load(query));
  });
}

/** The query's page of rows held in memory, given in ascending order of its one sort field. */
export function pageOf(rows: readonly unknown[], query: ListQuery<unknown, string>): Page {
  const ordered = query.sort.direction === 'desc' ? [...rows].reverse() : rows;
  return { rows: ordered.slice(query.offset, query.offset + query.limit), total: rows.length };
}

/** Filters accept `id: [...]` too: react-admin's getMany asks for records by id that way. */
export const idList = <S extends z.ZodType>(id: S) => z.array(id).max(MAX_PAGE_SIZE).optional();

/** `'2025-01-31'` or a full ISO timestamp, as date inputs send them. */
export const dateFilter = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .transform((value) => new Date(value));

/** A yes/no filter: a JSON boolean, or `'true'`/`'false'` as select inputs send them. */
export const booleanFilter = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The console's free-text search box (`filter.q`). */
export const searchTerm = z.string().max(200).optional();

/** A list read from tables: its filter, each sort field's SQL column, and the default sort. */
export interface TableList<
  Filter extends z.ZodType,
  SortColumns extends Record<string, string>,
> extends ListSpec<Filter, keyof SortColumns & string> {
  sortColumns: SortColumns;
}

/**
 * Declares a table-backed list once: the sort fields the query string may name are the keys of
 * `sortColumns`, so a field and its column cannot drift apart. The result is the `listRoute` spec.
 */
export function tableList<Filter extends z.ZodType, const SortColumns extends Record<string, string>>(list: {
  filter: Filter;
  sortColumns: SortColumns;
  defaultSort: [keyof SortColumns & string, 'ASC' | 'DESC'];
  defaultPageSize?: number;
}): TableList<Filter, SortColumns> {
  const sortFields = Object.keys(list.sortColumns) as [
    keyof SortColumns & string,
    ...(keyof SortColumns & string)[],
  ];
  return { ...list, sortFields };
}
