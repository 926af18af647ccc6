import { randomUUID } from 'node:crypto';
import { notFound, productDecider, streams, type AdminBrandCorrectionResponse } from '@labelwise/domain';
import { comparePositions, type Position } from '@labelwise/event-store';
import { productIdsWithBrand } from '@labelwise/projections/queries';
import { forEachAtOnce } from '../../../commands/for-each-at-once';
import { runCommand } from '../../../commands/run-command';
import type { AppContext } from '../../../http/context';

/** Products one request corrects: a few seconds' work, so the console shows progress between batches. */
export const BATCH_SIZE = 200;
/** Products decided and appended at once. */
const CONCURRENCY = 4;

export const BRAND_NOT_FOUND_MESSAGE = 'No listed product carries this brand.';

export interface BrandCorrection {
  from: string;
  to: string;
  /** The `next` of the previous batch's answer; none for the first batch. */
  after?: number;
}

const later = (a: Position | undefined, b: Position | undefined) =>
  a && b ? (comparePositions(a, b) < 0 ? b : a) : (a ?? b);

/**
 * One batch of a moderator's correction of a brand's spelling: the next BATCH_SIZE listed products
 * spelt `from` (in id order, after `after`) get `to`, each by its own command on its own stream
 * (`CorrectBrand`), a few at once. Answers how many it corrected and where the next batch starts
 * (null when none is left), once the catalogue shows them. Each product's correction is
 * idempotent (one already spelt `to` appends nothing), so a correction stopped anywhere (a crash,
 * a closed tab) is finished by running it again, and a retried request (Idempotency-Key) appends
 * nothing twice. No listed product spelt `from` at all is a 404.
 */
export async function correctBrand(
  ctx: AppContext,
  adminUid: string,
  { from, to, after }: BrandCorrection,
): Promise<AdminBrandCorrectionResponse> {
  const ids = await productIdsWithBrand(ctx.db, from, after ?? 0, BATCH_SIZE);
  if (ids.length === 0 && after === undefined) throw notFound('BRAND_NOT_FOUND', BRAND_NOT_FOUND_MESSAGE);
  // One correlation id per batch: the audit trail ties its products' corrections together.
  const correlationId = randomUUID();
  let corrected = 0;
  let last: Position | undefined;
  await forEachAtOnce(ids, CONCURRENCY, async (productId) => {
    const { events, position } = await runCommand(ctx, {
      decider: productDecider,
      stream: streams.product(productId),
      command: { type: 'CorrectBrand', from, to },
      actor: adminUid,
      readModels: [],
      correlationId,
    });
    corrected += events.length;
    last = later(last, position);
  });
  if (last) await ctx.readYourWrites(['product_cards'], last);
  return { from, to, corrected, next: ids.length === BATCH_SIZE ? ids.at(-1)! : null };
}
