import type { Insertable } from 'kysely';
import { importSkipReasonSchema } from '@labelwise/domain';
import type { ProjectionDefinition } from '../engine/projection';
import { importRunsTable, type ImportRunsTable } from './tables';
import { createTable } from '../engine/columns';

type ImportRunRow = Insertable<ImportRunsTable>;

/** Open Food Facts import runs for the console: what was imported from where, and how it ended. */
export const importRunsProjection: ProjectionDefinition<'import_runs'> = {
  name: 'import_runs',
  version: 1,
  eventTypes: ['ImportRunStarted', 'ImportRunFinished'],
  tables: ['import_runs'],

  async createTables(db, schema) {
    await createTable(db, schema, importRunsTable).execute();
  },

  async handle(events, db) {
    const runs = new Map<string, ImportRunRow>();
    const finished = new Map<string, Partial<ImportRunRow>>();
    for (const event of events) {
      if (event.type === 'ImportRunStarted') {
        const { runId, source, format, startedAt } = event.data;
        runs.set(runId, {
          run_id: runId,
          source,
          format,
          state: 'running',
          started_at: startedAt,
          finished_at: null,
          rows_read: 0,
          imported: 0,
          updated: 0,
          unchanged: 0,
          skipped: JSON.stringify(
            Object.fromEntries(importSkipReasonSchema.options.map((reason) => [reason, 0])),
          ),
          error: null,
        });
      } else if (event.type === 'ImportRunFinished') {
        const { runId, state, counts, finishedAt, error } = event.data;
        const outcome = {
          state,
          finished_at: finishedAt,
          rows_read: counts.rowsRead,
          imported: counts.imported,
          updated: counts.updated,
          unchanged: counts.unchanged,
          skipped: JSON.stringify(counts.skipped),
          error,
        };
        const started = runs.get(runId);
        if (started) Object.assign(started, outcome);
        else finished.set(runId, outcome);
      }
    }
    if (runs.size > 0)
      await db
        .insertInto('import_runs')
        .values([...runs.values()])
        .execute();
    for (const [runId, outcome] of finished)
      await db.updateTable('import_runs').set(outcome).where('run_id', '=', runId).execute();
  },
};
