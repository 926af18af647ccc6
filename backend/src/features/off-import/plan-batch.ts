import { streams, type EventMetadata, type OffProductSource } from '@labelwise/domain';
import type { StreamAppend } from '@labelwise/event-store';
import { importEventId } from './event-ids';
import { importAction } from './import-decision';
import type { KnownProduct } from './known-products';
import type { ImportCandidate } from './map-record';

/** One mapped OFF product of a batch, with its canonical barcode (a batch holds each barcode once). */
export interface BatchItem {
  barcode: string;
  source: OffProductSource;
}

/** What the store holds for a barcode, as read back from its streams after a conflict. */
export interface StoredProduct extends KnownProduct {
  /** The barcode is claimed for `productId` but that product's stream is empty (its creation was cut short). */
  productStreamMissing?: boolean;
}

export type Decision =
  | { kind: 'new' }
  | { kind: 'import-into'; productId: number }
  | { kind: 'update'; productId: number }
  | { kind: 'read-again'; productId: number }
  | { kind: 'unchanged' };

/**
 * One product per barcode. An unknown barcode gets a new product (claim + `ProductImported`); a
 * claimed one whose product was never created gets it now; a known one gets
 * `ProductUpdatedFromSource` when this record is newer than what was imported into it, or when
 * it is a community product nothing was imported into yet (it is enriched, not duplicated). The
 * same record of a product imported before OFF's reading of lists not in English was kept is read
 * again (`read-again`: an update that keeps that reading, and so rates the product from it).
 */
export function decide(record: { lastModifiedT: number }, known: StoredProduct | undefined): Decision {
  if (!known) return { kind: 'new' };
  if (known.productStreamMissing) return { kind: 'import-into', productId: known.productId };
  if (known.awaitsOffReading && known.lastModifiedT === record.lastModifiedT) {
    return { kind: 'read-again', productId: known.productId };
  }
  return importAction(known.lastModifiedT, record.lastModifiedT) === 'unchanged'
    ? { kind: 'unchanged' }
    : { kind: 'update', productId: known.productId };
}

export interface BatchCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

export interface BatchPlan {
  appends: StreamAppend[];
  /** What the index knows once the appends are in. */
  remembered: Map<string, KnownProduct>;
  counts: BatchCounts;
}

/**
 * The appends for a batch's decisions. `newIds` holds one fresh product id per `new` decision,
 * in order; `candidate` gives an item's payload (our analyser's verdict included).
 */
export function planBatch(
  items: readonly BatchItem[],
  decisions: readonly Decision[],
  newIds: readonly number[],
  candidate: (item: BatchItem) => ImportCandidate,
  metadata: EventMetadata,
): BatchPlan {
  const plan: BatchPlan = {
    appends: [],
    remembered: new Map(),
    counts: { imported: 0, updated: 0, unchanged: 0 },
  };
  let nextId = 0;
  items.forEach((item, index) => {
    const decision = decisions[index]!;
    const { code, lastModifiedT } = item.source;
    /** The product stream's event for this record, remembered as what the store now holds. */
    const recordProduct = (
      productId: number,
      type: 'ProductImported' | 'ProductUpdatedFromSource',
      expectedRevision: 'no_stream' | 'stream_exists',
      // The same record read again is an event of its own, not the earlier update at this time.
      idKind: string = type,
    ) => {
      plan.appends.push({
        stream: streams.product(productId),
        events: [
          {
            id: importEventId(code, lastModifiedT, idKind),
            type,
            data: { ...candidate(item), productId },
            metadata,
          },
        ],
        expectedRevision,
      });
      plan.remembered.set(item.barcode, { productId, lastModifiedT });
      if (type === 'ProductImported') plan.counts.imported++;
      else plan.counts.updated++;
    };
    switch (decision.kind) {
      case 'unchanged':
        plan.counts.unchanged++;
        return;
      case 'new': {
        const productId = newIds[nextId++];
        if (productId === undefined) throw new Error('planBatch: fewer new ids than new products');
        plan.appends.push({
          stream: streams.barcode(item.barcode),
          events: [
            {
              id: importEventId(code, lastModifiedT, 'BarcodeClaimed', productId),
              type: 'BarcodeClaimed',
              data: { barcode: code, productId },
              metadata,
            },
          ],
          expectedRevision: 'no_stream',
        });
        recordProduct(productId, 'ProductImported', 'no_stream');
        return;
      }
      case 'import-into':
        recordProduct(decision.productId, 'ProductImported', 'no_stream');
        return;
      case 'update':
        recordProduct(decision.productId, 'ProductUpdatedFromSource', 'stream_exists');
        return;
      case 'read-again':
        recordProduct(decision.productId, 'ProductUpdatedFromSource', 'stream_exists', 'ProductReadAgain');
        return;
    }
  });
  return plan;
}
