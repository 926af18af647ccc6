import type { Kysely } from 'kysely';
import type { Database } from '@labelwise/projections';
import type { EventMetadata } from '@labelwise/domain';
import {
  WrongExpectedVersion,
  comparePositions,
  type AppendResult,
  type EventStore,
  type Position,
} from '@labelwise/event-store';
import type { IdAllocator } from '../../db/id-allocator';
import { lookupKnown, rememberKnown } from './import-index';
import { toImportCandidate, type Assess, type ImportCandidate } from './map-record';
import type { KnownProduct } from './known-products';
import { decide, planBatch, type BatchCounts, type BatchItem, type StoredProduct } from './plan-batch';
import { readStoredProducts } from './read-stored-products';

/** A conflict means the index missed what another writer did: resolve from the store, try again. */
const MAX_ATTEMPTS = 4;

export interface BatchContext {
  db: Kysely<Database>;
  store: EventStore;
  ids: Pick<IdAllocator, 'allocateIds'>;
  assess: Assess;
}

/** A batch's counts, and where its last append ended (null when it appended nothing). */
export interface BatchOutcome extends BatchCounts {
  position: Position | null;
}

/**
 * Imports one batch: decides each product against the index, appends every stream in one
 * `appendMany`, then records the outcome in the index. On a claim conflict (someone claimed a
 * barcode the index did not know about) the batch is decided again from the streams themselves.
 */
export async function importBatch(
  ctx: BatchContext,
  items: readonly BatchItem[],
  metadata: EventMetadata,
): Promise<BatchOutcome> {
  const barcodes = items.map((item) => item.barcode);
  const candidates = new Map<BatchItem, ImportCandidate>();
  const candidate = (item: BatchItem) => {
    let payload = candidates.get(item);
    if (!payload) candidates.set(item, (payload = toImportCandidate(item.source, ctx.assess)));
    return payload;
  };
  let known: Map<string, StoredProduct> = await lookupKnown(ctx.db, barcodes);
  // What was read back from the streams after a conflict: the index learns it too, so the next
  // run does not stumble over the same barcodes again.
  let resolved = new Map<string, KnownProduct>();
  for (let attempt = 1; ; attempt++) {
    const decisions = items.map((item) => decide(item.source, known.get(item.barcode)));
    const newIds = await ctx.ids.allocateIds('product', decisions.filter((d) => d.kind === 'new').length);
    const plan = planBatch(items, decisions, newIds, candidate, metadata);
    try {
      const results = plan.appends.length > 0 ? await ctx.store.appendMany(plan.appends) : [];
      const position = lastPosition(results);
      await rememberKnown(ctx.db, new Map([...resolved, ...plan.remembered]), position);
      return { ...plan.counts, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= MAX_ATTEMPTS) throw error;
      known = await readStoredProducts(ctx.store, barcodes);
      resolved = new Map(
        [...known].flatMap(([barcode, { productStreamMissing, ...product }]) =>
          productStreamMissing ? [] : [[barcode, product] as const],
        ),
      );
    }
  }
}

function lastPosition(results: readonly AppendResult[]): Position | null {
  let last: Position | null = null;
  for (const { position } of results) if (!last || comparePositions(position, last) > 0) last = position;
  return last;
}
