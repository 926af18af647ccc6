import { streams, productDecider } from '@labelwise/domain';
import type { ProductState } from '@labelwise/domain';
import { loadState } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';

/** The write side's view of one product (whether it exists, or was removed). */
export function loadProduct(
  ctx: Pick<AppContext, 'store' | 'streamStates'>,
  productId: number,
): Promise<ProductState> {
  return loadState(ctx.store, productDecider, streams.product(productId), ctx.streamStates);
}
