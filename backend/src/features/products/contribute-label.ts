import {
  streams,
  type ProductResponse,
  productDecider,
  productNotFound,
  productView,
} from '@labelwise/domain';
import { runCommand } from '../../commands/run-command';
import type { AppContext } from '../../http/context';
import { PRODUCT_READ_MODELS } from './create-product';

/**
 * A user gives a product the English ingredient list it lacked (unrated, or rated only from Open
 * Food Facts' analysis of a list in another language); the server's analyser rates it. When the
 * product already has a verdict from an English list (another user's label, a moderator's
 * correction) nothing is recorded and that verdict stands. The answer is the product as it is now.
 */
export async function contributeLabel(
  ctx: AppContext,
  productId: number,
  uid: string,
  label: { ingredients: string; offConsent: boolean },
): Promise<ProductResponse> {
  const { state } = await runCommand(ctx, {
    decider: productDecider,
    stream: streams.product(productId),
    command: { type: 'ContributeLabel', contributedBy: uid, ...label },
    actor: uid,
    readModels: PRODUCT_READ_MODELS,
  });
  if (state.status !== 'listed') throw productNotFound();
  return productView(state);
}
