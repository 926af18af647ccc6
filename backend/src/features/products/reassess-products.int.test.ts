import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProduct } from '@labelwise/domain';
import { assessIngredients } from '@labelwise/domain';
import { FORTIFIED_FLOUR, flourVerdictBeforeFortification } from '@labelwise/domain/testing';
import { caughtUp, countEvents } from '../../../testing/catalogue-fixtures';
import { importProducts } from '../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { reassessProducts } from './reassess-products';

let server: TestServer;
let flour: ImportedProduct;
let oats: ImportedProduct;

beforeAll(async () => {
  server = await startTestServer();
  [flour, oats] = (await importProducts(server, [
    {
      name: 'Plain Flour',
      ingredientsText: FORTIFIED_FLOUR,
      categories: ['flours'],
      ...flourVerdictBeforeFortification,
    },
    { name: 'Porridge Oats' },
    { name: 'Flocons d’avoine', ingredientsText: null, unratedReason: 'ingredients not in English' },
  ])) as [ImportedProduct, ImportedProduct];
});
afterAll(async () => {
  await server?.stop();
});

describe('npm run reassess', () => {
  it("rates a product recorded by an older analyser again, and shows today's verdict everywhere", async () => {
    const today = assessIngredients(FORTIFIED_FLOUR, ['flours']);
    expect(today.rating).toBe('green');
    const summary = await reassessProducts(server.ctx);
    expect(summary.reassessed).toBe(1);
    expect(summary.changes).toEqual({ [`${flourVerdictBeforeFortification.rating} → green`]: 1 });
    expect(summary.checked).toBeGreaterThanOrEqual(2);
    await caughtUp(server, ['product_cards', 'product_ratings']);
    const product = await server.api(`/api/products/${flour.productId}`);
    expect(product.body).toMatchObject({ rating: 'green', analysis: today.analysis });
    expect((await server.api(`/api/products/${oats.productId}`)).body).toMatchObject({
      rating: oats.rating,
      analysis: oats.analysis,
    });
    const green = await server.api('/api/products/search?q=plain+flour');
    expect(green.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: flour.productId, rating: 'green' })]),
    );
  });

  it('appends nothing when run again', async () => {
    const before = await countEvents(server);
    const summary = await reassessProducts(server.ctx);
    expect(summary).toMatchObject({ reassessed: 0, changes: {} });
    expect(await countEvents(server)).toBe(before);
  });
});
