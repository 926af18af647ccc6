import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analysisOf,
  batchings,
  createProjectionSpec,
  productCreated,
  type ProjectionSpec,
} from '../../testing/projection-spec';
import { offContributionsProjection } from './projection';

const NUTELLA = '3017620422003';

describe.each(batchings)('off_contributions, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(offContributionsProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });

  const userProduct = (productId: number, overrides: Parameters<typeof productCreated>[1] = {}) =>
    spec.event(
      'ProductCreated',
      productCreated(productId, {
        name: 'Hazelnut Spread',
        brand: 'Ferrero',
        barcode: NUTELLA,
        ingredients: 'Sugar, palm oil, hazelnuts 13%',
        source: 'user',
        createdBy: 'alice-uid',
        offConsent: true,
        ...overrides,
      }),
    );
  const label = (productId: number, offConsent: boolean) =>
    spec.event('ProductLabelContributed', {
      productId,
      ingredients: 'Chamomile flowers',
      rating: 'green',
      analysis: analysisOf('green'),
      contributedBy: 'bob-uid',
      offConsent,
    });

  it('queues a consented product a user created under a real barcode, with only what they typed', async () => {
    await spec.apply([userProduct(1)]);
    const rows = await spec.rows('off_contributions', 'product_id');
    expect(rows).toEqual([
      {
        product_id: 1,
        label_version: 0,
        kind: 'created',
        barcode: NUTELLA,
        product_name: 'Hazelnut Spread',
        brand: 'Ferrero',
        ingredients: 'Sugar, palm oil, hazelnuts 13%',
        queued_at: expect.any(Date),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('alice-uid');
  });

  it('queues a consented label given to an unrated product, by its version in the stream', async () => {
    await spec.apply([userProduct(2, { offConsent: false }), label(2, true)]);
    expect(await spec.rows('off_contributions', 'product_id')).toEqual([
      expect.objectContaining({
        product_id: 2,
        label_version: 1,
        kind: 'label',
        barcode: null,
        ingredients: 'Chamomile flowers',
      }),
    ]);
  });

  it('queues nothing without consent, without a real barcode, for a personal scan or a starter product', async () => {
    await spec.apply([
      userProduct(3, { offConsent: false }),
      userProduct(4, { offConsent: undefined }),
      userProduct(5, { barcode: '3017620422004' }),
      userProduct(6, { barcode: 'MANUAL_1700000000' }),
      userProduct(7, { name: 'Manual Analysis' }),
      userProduct(8, { source: 'starter' }),
      label(3, false),
    ]);
    expect(await spec.rows('off_contributions', 'product_id')).toEqual([]);
  });
});
