import { streams } from '@labelwise/domain';
import type { EventStore } from '@labelwise/event-store';
import { foldKnownProduct, type KnownProduct } from './known-products';
import type { StoredProduct } from './plan-batch';

const CONCURRENT_READS = 16;

/**
 * What the store itself holds for these canonical barcodes: the claim on each barcode stream,
 * then what was imported into the claimed product. Used when a batch conflicts, i.e. when the
 * index missed something; barcodes nobody claimed are absent from the result.
 */
export async function readStoredProducts(
  store: EventStore,
  barcodes: readonly string[],
): Promise<Map<string, StoredProduct>> {
  const stored = new Map<string, StoredProduct>();
  let next = 0;
  const worker = async () => {
    while (next < barcodes.length) {
      const barcode = barcodes[next++]!;
      const known = new Map<string, KnownProduct>();
      for (const event of await store.readStream(streams.barcode(barcode))) foldKnownProduct(known, event);
      const claim = known.get(barcode);
      if (!claim) continue;
      const productEvents = await store.readStream(streams.product(claim.productId));
      for (const event of productEvents) foldKnownProduct(known, event);
      const product = known.get(barcode) ?? claim;
      stored.set(barcode, { ...product, productStreamMissing: productEvents.length === 0 });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_READS }, worker));
  return stored;
}
