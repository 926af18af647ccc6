import { streams, productDecider } from '@labelwise/domain';
import { handleCommand } from '@labelwise/event-store';
import { ratedProductsAfter } from '@labelwise/projections/queries';
import { forEachAtOnce } from '../../commands/for-each-at-once';
import { commandMetadata } from '../../commands/run-command';
import type { AppContext } from '../../http/context';

export interface ReassessProgress {
  /** Rated products looked at so far. */
  checked: number;
  /** Of those, the ones whose verdict changed (one ProductReassessed each). */
  reassessed: number;
  /**
   * What changed, by rating: 'green → amber' and the like, and 'amber, same rating' for a verdict
   * whose rating stands but whose analysis (concerns, clean ingredients, …) changed.
   */
  changes: Record<string, number>;
}

export interface ReassessOptions {
  /** Called after every page of products. */
  onProgress?: (progress: ReassessProgress) => void;
  /** Stops after the page in hand. */
  signal?: AbortSignal;
}

const PAGE_SIZE = 500;
/** Products decided at once. */
const CONCURRENCY = 4;

/**
 * Rates every rated product again with the analyser as it is now (`npm run reassess`, after an
 * upgrade that changed it): a product whose verdict changes gets a `ProductReassessed` event, the
 * others nothing, so a second run appends nothing. The product ids come from `product_cards`, in id
 * order; each product is decided on its own stream, from its current ingredients, so a moderator's
 * correction is kept and one made meanwhile is never overwritten (the append expects the revision
 * it read).
 */
export async function reassessProducts(
  ctx: Pick<AppContext, 'db' | 'store' | 'clock'>,
  options: ReassessOptions = {},
): Promise<ReassessProgress> {
  const metadata = commandMetadata(null, ctx.clock());
  const progress: ReassessProgress = { checked: 0, reassessed: 0, changes: {} };
  let after = 0;
  while (!options.signal?.aborted) {
    const products = await ratedProductsAfter(ctx.db, after, PAGE_SIZE);
    if (products.length === 0) break;
    await forEachAtOnce(products, CONCURRENCY, async ({ id: productId, rating }) => {
      const { events } = await handleCommand({
        store: ctx.store,
        decider: productDecider,
        stream: streams.product(productId),
        command: { type: 'ReassessProduct' },
        metadata,
      });
      progress.checked += 1;
      for (const event of events) {
        if (event.type !== 'ProductReassessed') continue;
        progress.reassessed += 1;
        const now = event.data.rating;
        const change = now === rating ? `${rating}, same rating` : `${rating} → ${now}`;
        progress.changes[change] = (progress.changes[change] ?? 0) + 1;
      }
    });
    after = products.at(-1)!.id;
    options.onProgress?.({ ...progress, changes: { ...progress.changes } });
  }
  return progress;
}
