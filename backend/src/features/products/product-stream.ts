import { streams } from '@labelwise/domain';
import { productDecider, type ProductState } from '@labelwise/domain/products/product';
import { loadState } from '@labelwise/event-store';
import type { EventStore } from '@labelwise/event-store';

/** The write side's view of one product (whether it exists, or was removed). */
export function loadProduct(store: EventStore, productId: number): Promise<ProductState> {
  return loadState(store, productDecider, streams.product(productId));
}
