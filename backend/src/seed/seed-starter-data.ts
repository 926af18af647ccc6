import { sql } from 'kysely';
import {
  streams,
  type EventMetadata,
  articleDecider,
  assessIngredients,
  barcodeClaimDecider,
  productDecider,
} from '@labelwise/domain';
import { articles, starterProducts, type StarterProduct } from '@labelwise/reference-data';
import { commandMetadata } from '../commands/run-command';
import { handleCommand } from '@labelwise/event-store';
import type { AppContext } from '../http/context';

type SeedContext = Pick<AppContext, 'db' | 'store' | 'clock'>;

/**
 * The catalogue's starter products and the educational articles, recorded as events with their
 * reference-data ids through the same deciders as everything else. Idempotent: a stream that
 * exists decides nothing, so every boot may run it and a rebuild replays the same events.
 * The id sequences are then moved past the seeded ids. No read model is waited for: the seed
 * runs before anyone reads.
 */
export async function seedStarterData(ctx: SeedContext): Promise<void> {
  const metadata = commandMetadata(null, ctx.clock());
  for (const product of starterProducts) await seedProduct(ctx, product, metadata);
  for (const article of articles) {
    const { id: articleId, ...fields } = article;
    await handleCommand({
      store: ctx.store,
      decider: articleDecider,
      stream: streams.article(articleId),
      command: { type: 'PublishArticle', article: { articleId, ...fields } },
      metadata,
    });
  }
  await advanceSequence(ctx, 'product_id_seq', Math.max(0, ...starterProducts.map((p) => p.id)));
  await advanceSequence(ctx, 'article_id_seq', Math.max(0, ...articles.map((a) => a.id)));
}

async function seedProduct(ctx: SeedContext, product: StarterProduct, metadata: EventMetadata) {
  const { id: productId, categories, ...fields } = product;
  await handleCommand({
    store: ctx.store,
    decider: productDecider,
    stream: streams.product(productId),
    command: {
      type: 'CreateProduct',
      productId,
      fields,
      categories,
      assessment: assessIngredients(fields.ingredients, categories),
      createdBy: null,
      source: 'starter',
    },
    metadata,
  });
  await handleCommand({
    store: ctx.store,
    decider: barcodeClaimDecider,
    stream: streams.barcode(fields.barcode),
    command: { type: 'ClaimForProduct', key: fields.barcode, candidateId: productId, releasedHolder: null },
    metadata,
  });
}

/** The next `nextval` returns more than `seededMax` (never moves a sequence backwards). */
async function advanceSequence(ctx: SeedContext, sequence: string, seededMax: number) {
  if (seededMax === 0) return;
  await sql`select setval(${sequence}::regclass, greatest(last_value, ${seededMax})) from ${sql.id(sequence)}`.execute(
    ctx.db,
  );
}
