import { DomainError, streams, type EventMetadata, type ProductFields } from '@labelwise/domain';
import {
  decideClaimBarcode,
  evolveBarcodeClaim,
  isClaimableBarcode,
  unclaimedBarcode,
} from '@labelwise/domain/products/barcode-claim';
import { assessIngredients } from '@labelwise/domain/products/assess-ingredients';
import { decideCreateProduct, evolveProduct, noProduct } from '@labelwise/domain/products/product';
import { handleCommand } from '../../event-store/command';
import type { Position } from '../../event-store/port';
import type { AppContext } from '../../server/context';
import { eventMetadata } from './event-metadata';
import { findProduct } from './product-queries';
import { loadProduct } from './product-stream';
import type { ProductView } from './product-view';
import type { ProjectionName } from '@labelwise/projections/registry';

/** Read models a client reads right after creating a product. */
export const PRODUCT_READ_MODELS: readonly ProjectionName[] = ['product_cards'];

/**
 * Records a user's product with the server's own rating. A real barcode already known gives
 * back the existing product (`created: false`) instead of a duplicate.
 */
export async function createProduct(
  ctx: AppContext,
  fields: ProductFields,
  uid: string,
): Promise<{ created: boolean; product: ProductView }> {
  const metadata = eventMetadata(ctx, uid);
  const assessment = assessIngredients(fields.ingredients);
  const productId = isClaimableBarcode(fields.barcode)
    ? await claimBarcode(ctx, fields.barcode, metadata)
    : await ctx.allocateId('product');
  // Everyone who resolved the same barcode races for the same stream: exactly one creates it.
  const result = await handleCommand({
    store: ctx.store,
    stream: streams.product(productId),
    initial: noProduct,
    evolve: evolveProduct,
    decide: (state) =>
      decideCreateProduct(state, { productId, fields, assessment, createdBy: uid, source: 'user' }),
    metadata,
  });
  await ctx.readYourWrites(
    PRODUCT_READ_MODELS,
    result.position ?? (await lastPosition(ctx, streams.product(productId))),
  );
  const product = await findProduct(ctx.db, productId);
  if (!product)
    throw new DomainError(
      'unavailable',
      'PRODUCT_PENDING',
      'The product is still being saved. Please try again in a moment.',
    );
  return { created: result.events.length > 0, product };
}

/**
 * The product id a barcode stands for. An unclaimed barcode (or one whose product was removed)
 * is claimed for a new id with the revision that was read, so concurrent claimants agree on one.
 */
async function claimBarcode(ctx: AppContext, barcode: string, metadata: EventMetadata): Promise<number> {
  const stream = streams.barcode(barcode);
  const current = (await ctx.store.readStream(stream)).reduce(evolveBarcodeClaim, unclaimedBarcode);
  const holder = current.productId;
  const removedHolder =
    holder !== null && (await loadProduct(ctx.store, holder)).status === 'removed' ? holder : null;
  if (holder !== null && removedHolder === null) return holder;
  const candidateId = await ctx.allocateId('product');
  const { state } = await handleCommand({
    store: ctx.store,
    stream,
    initial: unclaimedBarcode,
    evolve: evolveBarcodeClaim,
    decide: (claim) =>
      decideClaimBarcode(claim, {
        barcode,
        candidateId,
        holderRemoved: claim.productId !== null && claim.productId === removedHolder,
      }),
    metadata,
  });
  return state.productId!;
}

async function lastPosition(ctx: AppContext, stream: string): Promise<Position> {
  const [last] = await ctx.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  if (!last) throw new Error(`${stream} is empty`);
  return last.position;
}
