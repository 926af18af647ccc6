import { sql, type Kysely } from 'kysely';
import { unnestRows } from '../engine/unnest-rows';
import type { Database } from '../schema/database';

/**
 * A product listed in the catalogue is found by its barcode and, unless that was corrected, by
 * its OFF code's keys; a removed or personal one by none.
 */
export function barcodeKeysOf(card: {
  barcode: string;
  listed: boolean;
  corrected: readonly string[];
  offKeys: readonly string[];
}): Set<string> {
  if (!card.listed) return new Set();
  return new Set([card.barcode, ...(card.corrected.includes('barcode') ? [] : card.offKeys)]);
}

interface KeyRow {
  key: string;
  product_id: number;
}

/** Moves each product's lookup keys from `before` to `after` (keys no longer held go, new ones come). */
export async function saveBarcodeKeys(
  db: Kysely<Database>,
  before: Map<number, Set<string>>,
  after: Map<number, Set<string>>,
): Promise<void> {
  const gone: KeyRow[] = [];
  const added: KeyRow[] = [];
  for (const [productId, keys] of after) {
    const old = before.get(productId) ?? new Set<string>();
    for (const key of old) if (!keys.has(key)) gone.push({ key, product_id: productId });
    for (const key of keys) if (!old.has(key)) added.push({ key, product_id: productId });
  }
  if (gone.length > 0) {
    const rows = unnestRows(gone, { key: 'text', product_id: 'int4' });
    await sql`delete from product_barcode_keys k using (${rows.select}) as gone(key, product_id)
              where k.key = gone.key and k.product_id = gone.product_id`.execute(db);
  }
  if (added.length > 0) {
    const rows = unnestRows(added, { key: 'text', product_id: 'int4' });
    await db
      .insertInto('product_barcode_keys')
      .columns(rows.columns)
      .expression(rows.select)
      .onConflict((oc) => oc.columns(['key', 'product_id']).doNothing())
      .execute();
  }
}
