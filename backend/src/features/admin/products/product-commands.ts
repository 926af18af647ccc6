import { conflict, streams, type ProductFields } from '@labelwise/domain';
import {
  decideClaimBarcode,
  evolveBarcodeClaim,
  isClaimableBarcode,
  unclaimedBarcode,
} from '@labelwise/domain/products/barcode-claim';
import type { AppContext } from '../../../server/context';
import { runAdminCommand } from '../commands/admin-command';
import {
  decideCorrection,
  decideRemoval,
  evolveCorrectableProduct,
  unknownProduct,
} from './product-corrections';
import type { ProjectionName } from '@labelwise/projections/registry';

/** Read models that show a product's fields, rating and listing. */
const PRODUCT_READ_MODELS: readonly ProjectionName[] = ['product_cards', 'product_ratings'];

async function loadCorrectable(ctx: AppContext, productId: number) {
  return (await ctx.store.readStream(streams.product(productId))).reduce(
    evolveCorrectableProduct,
    unknownProduct,
  );
}

/**
 * A corrected real barcode must stay unique: it is claimed for this product first, unless another
 * listed product holds it (a removed holder gives it up, as on creation).
 */
async function claimCorrectedBarcode(ctx: AppContext, adminUid: string, productId: number, barcode: string) {
  const stream = streams.barcode(barcode);
  const claim = (await ctx.store.readStream(stream)).reduce(evolveBarcodeClaim, unclaimedBarcode);
  if (claim.productId === productId) return;
  const holderRemoved =
    claim.productId !== null && (await loadCorrectable(ctx, claim.productId)).status === 'removed';
  const taken = () =>
    conflict('BARCODE_TAKEN', `Barcode ${barcode} already belongs to product ${claim.productId}.`);
  if (claim.productId !== null && !holderRemoved) throw taken();
  const { state } = await runAdminCommand(ctx, adminUid, [], {
    stream,
    initial: unclaimedBarcode,
    evolve: evolveBarcodeClaim,
    decide: (current) =>
      decideClaimBarcode(current, {
        barcode,
        candidateId: productId,
        holderRemoved: holderRemoved && current.productId === claim.productId,
      }),
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
  const current = await loadCorrectable(ctx, productId);
  if (
    current.status === 'listed' &&
    proposed.barcode !== undefined &&
    proposed.barcode !== current.fields.barcode
  ) {
    if (isClaimableBarcode(proposed.barcode))
      await claimCorrectedBarcode(ctx, adminUid, productId, proposed.barcode);
  }
  await runAdminCommand(ctx, adminUid, PRODUCT_READ_MODELS, {
    stream: streams.product(productId),
    initial: unknownProduct,
    evolve: evolveCorrectableProduct,
    decide: (state) => decideCorrection(state, proposed),
  });
}

export async function removeProduct(ctx: AppContext, adminUid: string, productId: number, reason: string) {
  await runAdminCommand(ctx, adminUid, PRODUCT_READ_MODELS, {
    stream: streams.product(productId),
    initial: unknownProduct,
    evolve: evolveCorrectableProduct,
    decide: (state) => decideRemoval(state, reason),
  });
}
