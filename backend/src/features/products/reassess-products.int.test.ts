import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { ImportedProduct } from '@labelwise/domain';
import { assessIngredients } from '@labelwise/domain';
import { FORTIFIED_FLOUR, flourVerdictBeforeFortification } from '@labelwise/domain/testing';
import { caughtUp, countEvents } from '../../../testing/catalogue-fixtures';
import { importProducts } from '../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { createIdAllocator } from '../../db/id-allocator';
import { up as addAwaitsOffReading } from '../../db/migrations/0004-off-import-awaits-off-reading';
import { catchUpImportIndex, countAwaitingOffReading, importOff } from '../off-import';
import { reassessProducts } from './reassess-products';

let server: TestServer;
let flour: ImportedProduct;
let oats: ImportedProduct;
/** Imported Unrated before the importer kept OFF's reading of lists not in English (its event has none). */
let flocons: ImportedProduct;

beforeAll(async () => {
  server = await startTestServer();
  [flour, oats, flocons] = (await importProducts(server, [
    {
      name: 'Plain Flour',
      ingredientsText: FORTIFIED_FLOUR,
      categories: ['flours'],
      ...flourVerdictBeforeFortification,
    },
    { name: 'Porridge Oats' },
    { name: 'Flocons d’avoine', ingredientsText: null, unratedReason: 'ingredients not in English' },
  ])) as [ImportedProduct, ImportedProduct, ImportedProduct];
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

  it("counts the products imported before OFF's reading of lists not in English was kept; the same export imported again rates them", async () => {
    const { db, store } = server.ctx;
    expect(flocons.offIngredients).toBeUndefined();
    // The importer's index as it stood before the upgrade: folded past the product, knowing nothing
    // of OFF's reading. The upgrade's migration makes the next catch-up fold the log again.
    await catchUpImportIndex(db, store);
    await sql`update off_import_index set awaits_off_reading = false`.execute(db);
    expect(await countAwaitingOffReading(db, store)).toBe(0);
    await addAwaitsOffReading(db as Kysely<unknown>);
    expect(await countAwaitingOffReading(db, store)).toBe(1);

    // The same OFF record as before (same code and last_modified_t), which now keeps OFF's reading.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reassess-'));
    const file = path.join(dir, 'export.jsonl');
    const record = {
      code: flocons.code,
      product_name: flocons.name,
      lang: 'fr',
      ingredients_text: 'Flocons d’avoine complète, sucre, arôme naturel',
      ingredients_tags: ['en:oat-flakes', 'en:cereal', 'en:oat', 'en:sugar', 'en:natural-flavouring'],
      additives_tags: [],
      categories_tags: flocons.categories.map((category) => `en:${category.replace(/ /g, '-')}`),
      last_modified_t: flocons.lastModifiedT,
    };
    fs.writeFileSync(file, `${JSON.stringify(record)}\n`);
    try {
      const importer = { ...server.ctx, ids: createIdAllocator(db), assess: assessIngredients };
      const first = await importOff(importer, { source: file });
      expect(first.summary.counts).toMatchObject({ imported: 0, updated: 1, unchanged: 0 });
      const again = await importOff(importer, { source: file });
      expect(again.summary.counts).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    await caughtUp(server, ['product_cards', 'product_ratings']);
    const product = await server.api(`/api/products/${flocons.productId}`);
    expect(product.body).toMatchObject({
      rating: expect.any(String),
      unratedReason: null,
      analysis: { readFrom: { source: 'off-ingredient-analysis', ingredientsText: record.ingredients_text } },
    });
    expect(await countAwaitingOffReading(db, store)).toBe(0);
    expect((await reassessProducts(server.ctx)).reassessed).toBe(0);
  });
});
