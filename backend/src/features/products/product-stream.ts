import { streams } from '@labelwise/domain';
import { productDecider } from '@labelwise/domain/products/product';
import type { ProductState } from '@labelwise/domain/products/product-document';
import { loadState } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';

/** The write side's view of one product (whether it exists, or was removed). */
export function loadProduct(
  ctx: Pick<AppContext, 'store' | 'streamStates'>,
  productId: number,
): Promise<ProductState> {
  return loadState(ctx.store, productDecider, streams.product(productId), ctx.streamStates);
}
