import { streams } from '@labelwise/domain';
import { productDecider, type ProductState } from '@labelwise/domain/products/product';
import { loadState } from '../../event-store/command';
import type { EventStore } from '../../event-store/port';

/** The write side's view of one product (whether it exists, or was removed). */
export function loadProduct(store: EventStore, productId: number): Promise<ProductState> {
  return loadState(store, productDecider, streams.product(productId));
}
