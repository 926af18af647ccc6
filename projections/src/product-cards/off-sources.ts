import type { Kysely } from 'kysely';
import { unnestTypes } from '../engine/columns';
import { unnestRows } from '../engine/unnest-rows';
import type { Database } from '../schema/database';
import { offSourceColumns, type OffSourceRow } from './tables';

const offSourceTypes = unnestTypes(offSourceColumns);

export async function upsertOffSources(db: Kysely<Database>, sources: OffSourceRow[]): Promise<void> {
  if (sources.length === 0) return;
  const rows = unnestRows(sources, offSourceTypes);
  await db
    .insertInto('product_off_sources')
    .columns(rows.columns)
    .expression(rows.select)
    .onConflict((oc) =>
      oc
        .column('product_id')
        .doUpdateSet((eb) =>
          Object.fromEntries(
            rows.columns.filter((c) => c !== 'product_id').map((c) => [c, eb.ref(`excluded.${c}`)]),
          ),
        ),
    )
    .execute();
}
