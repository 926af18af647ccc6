import type { Kysely, Selectable } from 'kysely';
import type { AdminImportRunResponse } from '@labelwise/domain';
import { countedPage, matchingAll, textSearch, type ListQuery } from '../list-pages';
import type { Database } from '../schema/database';
import type { ImportRunsTable } from './tables';

/** What the console's import-run list filters by. */
export interface ImportRunFilter {
  id?: string[];
  q?: string;
  state?: ImportRunsTable['state'];
}

/** What the console's import-run list sorts by: each field's column. */
export const importRunSortColumns = {
  startedAt: 'started_at',
  source: 'source',
  state: 'state',
  rowsRead: 'rows_read',
} as const;
export type ImportRunSortField = keyof typeof importRunSortColumns;

const matching = (filter: ImportRunFilter) =>
  matchingAll<Database, 'import_runs'>((eb) => [
    filter.id && eb('run_id', 'in', filter.id.length ? filter.id : ['']),
    !!filter.state && eb('state', '=', filter.state),
    textSearch(eb, filter.q, ['source']),
  ]);

function adminImportRun(row: Selectable<ImportRunsTable>): AdminImportRunResponse {
  const skipped: Record<string, number> = row.skipped;
  return {
    id: row.run_id,
    source: row.source,
    format: row.format,
    state: row.state,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    rowsRead: Number(row.rows_read),
    imported: Number(row.imported),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    skipped,
    skippedTotal: Object.values(skipped).reduce((sum, n) => sum + n, 0),
    error: row.error,
  };
}

export function listImportRuns(db: Kysely<Database>, query: ListQuery<ImportRunFilter, ImportRunSortField>) {
  const where = matching(query.filter);
  return countedPage(
    db
      .selectFrom('import_runs')
      .selectAll()
      .where(where)
      .orderBy(importRunSortColumns[query.sort.field], query.sort.direction)
      .orderBy('run_id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('import_runs')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    adminImportRun,
  );
}

export async function findImportRun(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('import_runs').selectAll().where('run_id', '=', id).executeTakeFirst();
  return row && adminImportRun(row);
}
