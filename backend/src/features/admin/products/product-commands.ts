import {
  conflict,
  streams,
  type ProductFields,
  barcodeClaimDecider,
  isClaimableBarcode,
  productDecider,
  type ProductCommand,
} from '@labelwise/domain';
import { loadProduct } from '../../products';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../../commands/run-command';
import { loadState } from '@labelwise/event-store';
import type { AppContext } from '../../../http/context';

/** Read models that show a product's fields, rating and listing. */
const PRODUCT_READ_MODELS: readonly ProjectionName[] = ['product_cards', 'product_ratings'];

function productCommand(ctx: AppContext, adminUid: string, productId: number, command: ProductCommand) {
  return runCommand(ctx, {
    decider: productDecider,
    stream: streams.product(productId),
    command,
    actor: adminUid,
    readModels: PRODUCT_READ_MODELS,
  });
}

/**
 * A corrected real barcode must stay unique: it is claimed for this product first, unless another
 * listed product holds it (a removed holder gives it up, as on creation).
 */
async function claimCorrectedBarcode(ctx: AppContext, adminUid: string, productId: number, barcode: string) {
  const stream = streams.barcode(barcode);
  const claim = await loadState(ctx.store, barcodeClaimDecider, stream, ctx.streamStates);
  if (claim.productId === productId) return;
  const holderRemoved =
    claim.productId !== null && (await loadProduct(ctx, claim.productId)).status === 'removed';
  const taken = () =>
    conflict('BARCODE_TAKEN', `Barcode ${barcode} already belongs to product ${claim.productId}.`);
  if (claim.productId !== null && !holderRemoved) throw taken();
  const { state } = await runCommand(ctx, {
    decider: barcodeClaimDecider,
    stream,
    command: {
      type: 'ClaimForProduct',
      key: barcode,
      candidateId: productId,
      releasedHolder: holderRemoved ? claim.productId : null,
    },
    actor: adminUid,
    readModels: [],
  });
  if (state.productId !== productId) throw taken();
}

/** Applies a moderator's corrections; the rating is recomputed by the server's analyser. */
export async function correctProduct(
  ctx: AppContext,
  adminUid: string,
  productId: number,
  proposed: Partial<ProductFields>,
) {
  const current = await loadProduct(ctx, productId);
  if (
    current.status === 'listed' &&
    proposed.barcode !== undefined &&
    proposed.barcode !== current.fields.barcode
  ) {
    if (isClaimableBarcode(proposed.barcode))
      await claimCorrectedBarcode(ctx, adminUid, productId, proposed.barcode);
  }
  return (await productCommand(ctx, adminUid, productId, { type: 'CorrectProduct', proposed })).state;
}

export async function removeProduct(ctx: AppContext, adminUid: string, productId: number, reason: string) {
  return (await productCommand(ctx, adminUid, productId, { type: 'RemoveProduct', reason })).state;
}
