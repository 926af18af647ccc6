import { canonicalBarcode } from '@labelwise/domain';
import type { BatchContext } from './import-batch';
import { catchUpImportIndex, lookupKnown } from './import-index';
import { OFF_CSV_COLUMNS, mapOffRecord } from './map-record';
import { decide } from './plan-batch';
import { readOffRecords } from './read-records';

const CHUNK = 1000;

/**
 * Whether importing `spec` would change anything (a new product, a newer record, or a record to read again for OFF's reading), without
 * writing: lets a boot skip a small export it has already imported instead of recording a run.
 */
export async function hasPendingChanges(
  ctx: Pick<BatchContext, 'db' | 'store'>,
  spec: string,
): Promise<boolean> {
  await catchUpImportIndex(ctx.db, ctx.store);
  const { source, records } = await readOffRecords(spec, { columns: OFF_CSV_COLUMNS });
  try {
    let chunk = new Map<string, number>();
    const changed = async () => {
      const known = await lookupKnown(ctx.db, [...chunk.keys()]);
      const pending = [...chunk].some(
        ([barcode, lastModifiedT]) => decide({ lastModifiedT }, known.get(barcode)).kind !== 'unchanged',
      );
      chunk = new Map();
      return pending;
    };
    for await (const record of records) {
      const mapped = mapOffRecord(record);
      if (mapped.kind !== 'product') continue;
      const barcode = canonicalBarcode(mapped.source.code);
      chunk.set(barcode, Math.max(chunk.get(barcode) ?? 0, mapped.source.lastModifiedT));
      if (chunk.size >= CHUNK && (await changed())) return true;
    }
    return await changed();
  } finally {
    source.close();
  }
}
