import { createHash, randomUUID } from 'node:crypto';
import {
  streams,
  type ProductFields,
  type ProductResponse,
  barcodeClaimDecider,
  isClaimableBarcode,
  labelClaimDecider,
  assessIngredients,
  isPersonalProduct,
  productDecider,
  productNotFound,
  productView,
  productLabel,
} from '@labelwise/domain';
import type { ProductState } from '@labelwise/domain';
import { findProductByBarcode, findProductByLabel } from '@labelwise/projections/queries';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../commands/run-command';
import { loadState } from '@labelwise/event-store';
import type { AppContext } from '../../http/context';
import { loadProduct } from './product-stream';

/** Read models a client reads right after creating a product. */
export const PRODUCT_READ_MODELS: readonly ProjectionName[] = ['product_cards'];

/**
 * Records a user's product with the server's own rating. A product already known gives back the
 * existing one (`created: false`) instead of a duplicate: for a real barcode, one listed under
 * any printed form of the code (an imported product's EAN-13 / UPC-A keys) or one claimed; for
 * a named product without one, a catalogue product with the same name, brand and ingredients,
 * or one claimed under that label.
 * A scan without a real name is personal to its creator: it claims no barcode and is never
 * merged. The answer is the product's document as the command left it, so it is complete even
 * when the read models lag behind the bounded wait.
 */
export async function createProduct(
  ctx: AppContext,
  fields: ProductFields,
  uid: string,
  offConsent?: boolean,
): Promise<{ created: boolean; product: ProductResponse }> {
  const personal = isPersonalProduct({ name: fields.name, source: 'user' });
  const claimable = isClaimableBarcode(fields.barcode);
  const known = claimable
    ? await findProductByBarcode(ctx.db, fields.barcode)
    : personal
      ? undefined
      : await findProductByLabel(ctx.db, fields);
  if (known) return { created: false, product: known };
  const request: Request = { actor: uid, now: ctx.clock(), correlationId: randomUUID() };
  const assessment = assessIngredients(fields.ingredients);
  const productId = personal
    ? await ctx.allocateId('product')
    : await claimProductId(ctx, claimOf(fields), request);
  // Everyone who resolved the same claim races for the same stream: exactly one creates it.
  const result = await runCommand(ctx, {
    ...request,
    decider: productDecider,
    stream: streams.product(productId),
    command: {
      type: 'CreateProduct',
      productId,
      fields,
      assessment,
      createdBy: uid,
      source: 'user',
      ...(offConsent === undefined ? {} : { offConsent }),
    },
    // Waited for below, also when the product already existed.
    readModels: [],
  });
  const product = result.state;
  if (product.status !== 'listed') throw productNotFound();
  await ctx.readYourWrites(PRODUCT_READ_MODELS, result.position ?? (await lastPosition(ctx, productId)));
  return { created: result.events.length > 0, product: productView(product) };
}

/** Where the product's stream ends: what a read model has to pass to show the product. */
async function lastPosition(ctx: AppContext, productId: number) {
  const [last] = await ctx.store.readStream(streams.product(productId), {
    direction: 'backwards',
    maxCount: 1,
  });
  return last!.position;
}

/**
 * What a new catalogue product claims, so that everyone creating the same product at once agrees
 * on one: its real barcode, or for a named product without one its label (name, brand and
 * ingredients). A holder that was removed, or whose label a moderator corrected, gave it up.
 */
function claimOf(fields: ProductFields) {
  if (isClaimableBarcode(fields.barcode)) {
    return {
      decider: barcodeClaimDecider,
      stream: streams.barcode(fields.barcode),
      key: fields.barcode,
      released: (holder: ProductState) => holder.status === 'removed',
    };
  }
  const label = productLabel(fields);
  const key = createHash('sha256').update(label).digest('hex');
  return {
    decider: labelClaimDecider,
    stream: streams.label(key),
    key,
    released: (holder: ProductState) =>
      holder.status === 'removed' || (holder.status === 'listed' && productLabel(holder.fields) !== label),
  };
}

/**
 * The product id a claim stands for. An unclaimed key (or one its holder gave up) is claimed for
 * a new id with the revision that was read, so concurrent claimants agree on one.
 */
async function claimProductId(
  ctx: AppContext,
  claim: ReturnType<typeof claimOf>,
  request: Request,
): Promise<number> {
  const current = await loadState(ctx.store, claim.decider, claim.stream, ctx.streamStates);
  const holder = current.productId;
  const releasedHolder = holder !== null && claim.released(await loadProduct(ctx, holder)) ? holder : null;
  if (holder !== null && releasedHolder === null) return holder;
  const candidateId = await ctx.allocateId('product');
  const { state } = await runCommand(ctx, {
    ...request,
    decider: claim.decider,
    stream: claim.stream,
    command: { type: 'ClaimForProduct', key: claim.key, candidateId, releasedHolder },
    readModels: [],
  });
  return state.productId!;
}

/** One request's actor, time and correlation id, shared by the commands it runs. */
interface Request {
  actor: string;
  now: Date;
  correlationId: string;
}
