import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analysisOf,
  batchings,
  createProjectionSpec,
  productCreated,
  type ProjectionSpec,
} from '../../testing/projection-spec';
import { importedProduct } from '@labelwise/domain/testing';
import { productRatingsProjection } from './projection';

describe.each(batchings)('product_ratings, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(productRatingsProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const created = (productId: number, at = '2026-03-01T09:00:00.000Z') =>
    spec.event('ProductCreated', productCreated(productId), { at });
  const posted = (reviewId: string, productId: number, authorUid: string, rating: number) =>
    spec.event('ReviewPosted', {
      reviewId,
      productId,
      authorUid,
      username: authorUid,
      isVerifiedPurchase: false,
      postedAt: '2026-03-02T10:00:00.000Z',
      rating,
      title: null,
      comment: `${rating} stars`,
    });
  const revised = (reviewId: string, rating: number) =>
    spec.event('ReviewRevised', {
      reviewId,
      revisedAt: '2026-03-03T10:00:00.000Z',
      rating,
      title: null,
      comment: `now ${rating} stars`,
    });
  /** The figures the API derives: review count, average stars, recommendations. */
  const stats = async (productId: number) => {
    const row = await spec.db
      .selectFrom('product_ratings')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return {
      reviews: row.review_count,
      average: row.review_count === 0 ? null : row.rating_total / row.review_count,
      recommendations: row.recommendations,
    };
  };

  it('takes colour, listing and creation time from the product and counts its scans', async () => {
    await spec.apply([
      created(1, '2026-03-01T09:00:00.000Z'),
      spec.event('ScanRecorded', {
        uid: 'alice',
        productId: 1,
        scannedAt: '2026-03-01T12:00:00.000Z',
        month: '2026-03',
      }),
      spec.event('ScanRecorded', {
        uid: 'bob',
        productId: 1,
        scannedAt: '2026-03-01T13:00:00.000Z',
        month: '2026-03',
      }),
    ]);

    expect(await spec.rows('product_ratings', 'product_id')).toEqual([
      {
        product_id: 1,
        rating: 'green',
        verdict_corrected: null,
        listed: true,
        created_at: new Date('2026-03-01T09:00:00.000Z'),
        review_count: 0,
        rating_total: 0,
        recommendations: 0,
        scans: 2,
      },
    ]);
  });

  it('follows corrections of the colour and unlists a removed product, keeping its creation time', async () => {
    await spec.apply([created(1, '2026-03-01T09:00:00.000Z')]);
    await spec.apply([
      spec.event('ProductCorrected', {
        productId: 1,
        changes: { ingredients: 'water, oats, sugar, palm oil' },
        rating: 'red',
        analysis: analysisOf('red'),
      }),
    ]);
    expect(await spec.rows('product_ratings', 'product_id')).toEqual([
      expect.objectContaining({
        rating: 'red',
        listed: true,
        created_at: new Date('2026-03-01T09:00:00.000Z'),
      }),
    ]);

    await spec.apply([spec.event('ProductRemoved', { productId: 1, reason: 'duplicate' })]);
    expect(await spec.rows('product_ratings', 'product_id')).toEqual([
      expect.objectContaining({
        rating: 'red',
        listed: false,
        created_at: new Date('2026-03-01T09:00:00.000Z'),
      }),
    ]);
  });

  it('lists imported products, unrated ones as unrated, and keeps a verdict on corrected ingredients over later exports', async () => {
    const unrated = { ingredientsText: null, unratedReason: 'no ingredients' as const };
    await spec.apply([
      spec.event('ProductImported', importedProduct(1)),
      spec.event('ProductImported', importedProduct(2, unrated)),
    ]);
    expect((await spec.rows('product_ratings', 'product_id')).map((row) => [row.rating, row.listed])).toEqual(
      [
        [importedProduct(1).rating, true],
        ['unrated', true],
      ],
    );

    await spec.apply([
      spec.event('ProductCorrected', {
        productId: 1,
        changes: { ingredients: 'sugar, palm oil, E102, E110, E129' },
        rating: 'red',
        analysis: analysisOf('red'),
      }),
    ]);
    await spec.apply([
      spec.event('ProductUpdatedFromSource', importedProduct(1, { lastModifiedT: 1_800_000_000 })),
      spec.event('ProductUpdatedFromSource', importedProduct(2, { lastModifiedT: 1_800_000_000 })),
    ]);
    expect((await spec.rows('product_ratings', 'product_id')).map((row) => row.rating)).toEqual([
      'red',
      importedProduct(2).rating,
    ]);
  });

  it('keeps the verdict of a product created in the app over a later export, as its page does', async () => {
    const byUser = { ...productCreated(1, { rating: 'red' }), source: 'user' as const };
    expect(importedProduct(1).rating).not.toBe('red');
    await spec.apply([spec.event('ProductCreated', byUser), created(2)]);
    await spec.apply([
      spec.event('ProductUpdatedFromSource', importedProduct(1, { lastModifiedT: 1_800_000_000 })),
      spec.event('ProductUpdatedFromSource', importedProduct(2, { lastModifiedT: 1_800_000_000 })),
    ]);
    expect((await spec.rows('product_ratings', 'product_id')).map((row) => row.rating)).toEqual([
      'red',
      importedProduct(2).rating,
    ]);
  });

  it('averages the current stars of visible reviews and counts 4 and 5 stars as recommendations', async () => {
    await spec.apply([
      created(1),
      posted('r1', 1, 'alice', 5),
      posted('r2', 1, 'bob', 4),
      posted('r3', 1, 'carol', 2),
    ]);
    expect(await stats(1)).toEqual({ reviews: 3, average: 11 / 3, recommendations: 2 });

    // Bob revises 4 → 1: the total drops by 3 and he no longer recommends.
    await spec.apply([revised('r2', 1)]);
    expect(await stats(1)).toEqual({ reviews: 3, average: 8 / 3, recommendations: 1 });

    // Carol revises 2 → 5 and back to 3 in one go: only the last stars count.
    await spec.apply([revised('r3', 5), revised('r3', 3)]);
    expect(await stats(1)).toEqual({ reviews: 3, average: 3, recommendations: 1 });
  });

  it('drops a hidden review from the average and puts it back when restored', async () => {
    await spec.apply([created(1), posted('r1', 1, 'alice', 5), posted('r2', 1, 'bob', 1)]);
    await spec.apply([spec.event('ReviewHidden', { reviewId: 'r2', reason: 'abusive' })]);
    expect(await stats(1)).toEqual({ reviews: 1, average: 5, recommendations: 1 });

    // Hiding twice must not subtract twice.
    await spec.apply([spec.event('ReviewHidden', { reviewId: 'r2', reason: 'abusive' })]);
    expect(await stats(1)).toEqual({ reviews: 1, average: 5, recommendations: 1 });

    await spec.apply([spec.event('ReviewRestored', { reviewId: 'r2' })]);
    expect(await stats(1)).toEqual({ reviews: 2, average: 3, recommendations: 1 });
  });

  it('stops counting every review of a suspended author, on every product, until reinstated', async () => {
    await spec.apply([
      created(1),
      created(2),
      posted('r1', 1, 'mallory', 5),
      posted('r2', 2, 'mallory', 5),
      posted('r3', 1, 'alice', 2),
    ]);
    await spec.apply([spec.event('UserSuspended', { uid: 'mallory', reason: 'review spam' })]);
    expect(await stats(1)).toEqual({ reviews: 1, average: 2, recommendations: 0 });
    expect(await stats(2)).toEqual({ reviews: 0, average: null, recommendations: 0 });
    expect(await spec.rows('product_rating_suspended_authors', 'uid')).toEqual([{ uid: 'mallory' }]);

    await spec.apply([spec.event('UserReinstated', { uid: 'mallory' })]);
    expect(await stats(1)).toEqual({ reviews: 2, average: 3.5, recommendations: 1 });
    expect(await stats(2)).toEqual({ reviews: 1, average: 5, recommendations: 1 });
    expect(await spec.rows('product_rating_suspended_authors', 'uid')).toEqual([]);
  });

  it('does not count a review that lands after its author was suspended, nor its revisions', async () => {
    await spec.apply([created(1), spec.event('UserSuspended', { uid: 'mallory', reason: 'review spam' })]);
    await spec.apply([posted('r1', 1, 'mallory', 5), revised('r1', 4)]);
    expect(await stats(1)).toEqual({ reviews: 0, average: null, recommendations: 0 });

    await spec.apply([spec.event('UserReinstated', { uid: 'mallory' })]);
    expect(await stats(1)).toEqual({ reviews: 1, average: 4, recommendations: 1 });
  });

  it('counts reviews and scans that arrive before the product, then fills in its facts', async () => {
    await spec.apply([posted('r1', 3, 'alice', 4)]);
    expect(await spec.rows('product_ratings', 'product_id')).toEqual([
      expect.objectContaining({
        product_id: 3,
        rating: null,
        listed: null,
        created_at: null,
        review_count: 1,
      }),
    ]);

    await spec.apply([created(3, '2026-03-05T09:00:00.000Z')]);
    expect(await spec.rows('product_ratings', 'product_id')).toEqual([
      expect.objectContaining({
        product_id: 3,
        rating: 'green',
        listed: true,
        created_at: new Date('2026-03-05T09:00:00.000Z'),
        review_count: 1,
        rating_total: 4,
      }),
    ]);
  });
});
