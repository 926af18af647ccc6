import { randomUUID } from 'node:crypto';
import { notFound, productDecider, streams, type AdminBrandCorrectionResponse } from '@labelwise/domain';
import { comparePositions, type Position } from '@labelwise/event-store';
import { productIdsWithBrand } from '@labelwise/projections/queries';
import { forEachAtOnce } from '../../../commands/for-each-at-once';
import { runCommand } from '../../../commands/run-command';
import type { AppContext } from '../../../http/context';

/** Product ids read from the catalogue per page. */
const PAGE_SIZE = 200;
/** Products decided and appended at once. */
const CONCURRENCY = 4;

export const BRAND_NOT_FOUND_MESSAGE = 'No listed product carries this brand.';

export interface BrandCorrection {
  from: string;
  to: string;
}

const later = (a: Position | undefined, b: Position | undefined) =>
  a && b ? (comparePositions(a, b) < 0 ? b : a) : (a ?? b);

/**
 * A moderator's correction of a brand's spelling: every listed product spelt `from` gets `to`,
 * each by its own command on its own stream (`CorrectBrand`), a page of the catalogue at a time,
 * a few products at once. Each product's correction is idempotent (one already spelt `to`
 * appends nothing), so after a crash the same correction run again finishes the job, and a
 * retried request (Idempotency-Key) appends nothing twice. Answers how many products this run
 * corrected, once the catalogue shows them (bounded wait).
 */
export async function correctBrand(
  ctx: AppContext,
  adminUid: string,
  { from, to }: BrandCorrection,
): Promise<AdminBrandCorrectionResponse> {
  // One correlation id: the audit trail ties every product's correction to this request.
  const correlationId = randomUUID();
  let corrected = 0;
  let found = false;
  let last: Position | undefined;
  let after = 0;
  for (;;) {
    const ids = await productIdsWithBrand(ctx.db, from, after, PAGE_SIZE);
    if (ids.length === 0) break;
    found = true;
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
    after = ids.at(-1)!;
  }
  if (!found) throw notFound('BRAND_NOT_FOUND', BRAND_NOT_FOUND_MESSAGE);
  if (last) await ctx.readYourWrites(['product_cards'], last);
  return { from, to, corrected };
}
