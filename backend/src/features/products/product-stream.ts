import { streams } from '@labelwise/domain';
import { evolveProduct, noProduct, type ProductState } from '@labelwise/domain/products/product';
import type { EventStore } from '@labelwise/event-store';

/** The write side's view of one product (whether it exists, or was removed). */
export async function loadProduct(store: EventStore, productId: number): Promise<ProductState> {
  return (await store.readStream(streams.product(productId))).reduce(evolveProduct, noProduct);
}
