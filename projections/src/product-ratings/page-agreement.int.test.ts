import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labelwise/event-store';
import { importedProduct } from '@labelwise/domain/testing';
import {
  analysisOf,
  batchings,
  createProjectionSpec,
  productCreated,
  type ProjectionSpec,
} from '../../testing/projection-spec';
import { productCardsProjection } from '../product-cards/projection';
import { productRatingsProjection } from './projection';

/**
 * The community lists rank by product_ratings' rating and listing, and show the card of
 * product_cards, which the product page reads: the two must agree on every product after every
 * batch, whatever the product went through (it drifted once: a product created in the app kept
 * its verdict on its page and lost it in the ranking).
 */
describe.each(batchings)('product_ratings and the product page, %s', (batching) => {
  let ratings: ProjectionSpec;
  let cards: ProjectionSpec;
  beforeAll(async () => {
    [ratings, cards] = await Promise.all([
      createProjectionSpec(productRatingsProjection, batching),
      createProjectionSpec(productCardsProjection, batching),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ratings?.close(), cards?.close()]);
  });

  const event: ProjectionSpec['event'] = (type, data, options) => ratings.event(type, data, options);
  const apply = (events: RecordedEvent[]) => Promise.all([ratings.apply(events), cards.apply(events)]);
  const later = (productId: number) => importedProduct(productId, { lastModifiedT: 1_800_000_000 });

  /** Each product as the ranking keeps it and as its page shows it. */
  async function bothSides() {
    const ranked = await ratings.rows('product_ratings', 'product_id');
    const shown = await cards.rows('product_cards', 'id');
    return {
      ranking: ranked.map((row) => [row.product_id, row.rating, row.listed, row.created_at]),
      page: shown.map((card) => [card.id, card.rating ?? 'unrated', !card.removed, card.created_at]),
    };
  }
  /** Both sides agree; the ratings the page shows. */
  const expectAgreement = async () => {
    const { ranking, page } = await bothSides();
    expect(ranking).toEqual(page);
    return new Set(page.map(([, rating]) => rating));
  };

  it('agree on every product after every batch', async () => {
    const corrected = (productId: number, changes: Record<string, string>, rating: 'red' | 'amber') =>
      event('ProductCorrected', { productId, changes, rating, analysis: analysisOf(rating) });
    await apply([
      event('ProductCreated', productCreated(1)),
      event('ProductCreated', {
        ...productCreated(2, { rating: 'red' }),
        source: 'user',
        createdBy: 'alice',
      }),
      event('ProductImported', importedProduct(3)),
      event('ProductImported', importedProduct(4)),
      event('ProductImported', importedProduct(5, { ingredientsText: null })),
      event('ProductImported', importedProduct(6)),
      event('ProductCreated', {
        ...productCreated(7, { rating: 'amber' }),
        source: 'admin',
        createdBy: 'mod',
      }),
    ]);
    expect(await expectAgreement()).toEqual(new Set(['green', 'amber', 'red', 'unrated']));

    await apply([
      corrected(3, { ingredients: 'sugar, palm oil, E102' }, 'red'),
      corrected(4, { name: 'Rolled Oats' }, 'amber'),
      event('ProductLabelContributed', {
        productId: 5,
        ingredients: 'oats, salt',
        rating: 'amber',
        analysis: analysisOf('amber'),
        contributedBy: 'bob',
        offConsent: true,
      }),
      event('ProductReassessed', { productId: 6, rating: 'red', analysis: analysisOf('red') }),
      event('ProductQuantityCorrected', { productId: 1, quantity: '2 kg' }),
      event('ProductRemoved', { productId: 7, reason: 'duplicate' }),
    ]);
    await expectAgreement();

    await apply([1, 2, 3, 4, 5, 6, 7].map((id) => event('ProductUpdatedFromSource', later(id))));
    await expectAgreement();

    await apply([
      event('ProductReassessed', { productId: 3, rating: 'amber', analysis: analysisOf('amber') }),
      event('ProductUpdatedFromSource', importedProduct(4, { lastModifiedT: 1_900_000_000 })),
      event('ProductUpdatedFromSource', importedProduct(6, { lastModifiedT: 1_900_000_000 })),
    ]);
    await expectAgreement();
  });
});
