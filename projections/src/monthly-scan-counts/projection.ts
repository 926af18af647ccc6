import { userEventTypes } from '@labelwise/domain';
import { defineProjection } from '../engine/projection';
import { foldUsers } from '../user-documents';
import { unnestRows } from '../engine/unnest-rows';
import { monthlyScanCountsTable, type MonthlyScanCountsTable } from './tables';
import { createTable } from '../engine/columns';

/** Each user's scans per month: the usage banner and `canScan`. */
export const monthlyScanCountsProjection = defineProjection({
  name: 'monthly_scan_counts',
  version: 1,
  eventTypes: userEventTypes,
  tables: ['monthly_scan_counts'],

  async createTables(db, schema) {
    await createTable(db, schema, monthlyScanCountsTable).execute();
  },

  async handle(events, db) {
    // Counts fold by adding, so the batch's own counts, folded from a new user's document, are
    // added to the stored ones: no stored row needs reading.
    const users = foldUsers(events);
    const counts: MonthlyScanCountsTable[] = [];
    for (const [uid, { scans }] of users) {
      for (const [month, count] of Object.entries(scans.byMonth)) counts.push({ uid, month, count });
    }
    if (counts.length === 0) return;
    const rows = unnestRows(counts, { uid: 'text', month: 'text', count: 'int4' });
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
});
