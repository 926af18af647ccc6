import type { ProjectionDefinition } from '../engine/projection';
import { unnestRows } from '../engine/unnest-rows';
import type { MonthlyScanCountsTable } from './tables';

/** Counts ScanRecorded per user and month: the usage banner and `canScan`. */
export const monthlyScanCountsProjection: ProjectionDefinition<'monthly_scan_counts'> = {
  name: 'monthly_scan_counts',
  version: 1,
  eventTypes: ['ScanRecorded'],
  tables: ['monthly_scan_counts'],

  async createTables(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('monthly_scan_counts')
      .ifNotExists()
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('monthly_scan_counts_pkey', ['uid', 'month'])
      .execute();
  },

  async handle(events, db) {
    const counts = new Map<string, MonthlyScanCountsTable>();
    for (const event of events) {
      if (event.type !== 'ScanRecorded') continue;
      const { uid, month } = event.data;
      const key = `${uid}\n${month}`;
      const row = counts.get(key);
      if (row) row.count++;
      else counts.set(key, { uid, month, count: 1 });
    }
    if (counts.size === 0) return;
    const rows = unnestRows([...counts.values()], { uid: 'text', month: 'text', count: 'int4' });
    await db
      .insertInto('monthly_scan_counts')
      .columns(rows.columns)
      .expression(rows.select)
      .onConflict((oc) =>
        oc.columns(['uid', 'month']).doUpdateSet((eb) => ({
          count: eb(eb.ref('monthly_scan_counts.count'), '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  },
};
