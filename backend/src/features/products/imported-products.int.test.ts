import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFF_ATTRIBUTION, type ImportedProduct } from '@labelwise/domain';
import {
  countEvents,
  expectRefused,
  moderate,
  postProduct,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { importProducts, updateFromSource } from '../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let admin: TestUser;
let oats: ImportedProduct;
let unrated: ImportedProduct;
let ean8: ImportedProduct;

const PRODUCT_NOT_FOUND = { status: 404, error: 'PRODUCT_NOT_FOUND', message: 'Product not found' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser({ admin: true, verified: true });
  [oats, unrated, ean8] = (await importProducts(server, [
    {
      code: '012345678905',
      name: 'Quaker Porridge Oats',
      categories: ['porridge oats', 'breakfast cereals'],
    },
    {
      code: '3017620422003',
      name: 'Pâte à tartiner aux noisettes',
      ingredientsText: null,
      unratedReason: 'ingredients not in English',
      categories: ['cereals and potatoes', 'breakfast cereals', 'porridge oats'],
    },
    { code: '26053561', barcodeKeys: ['26053561', '0000026053561', '000026053561'], name: 'Mini Oatcakes' },
  ])) as [ImportedProduct, ImportedProduct, ImportedProduct];
});
afterAll(async () => {
  await server?.stop();
});

describe('imported Open Food Facts products', () => {
  it('answers an imported product with our rating and the OFF block, attribution included', async () => {
    const res = await server.api(`/api/products/${oats.productId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: oats.productId,
      name: 'Quaker Porridge Oats',
      brand: 'Hill Farm',
      barcode: '012345678905',
      ingredients: oats.ingredientsText,
      weight: '1 kg',
      rating: oats.rating,
      analysis: oats.analysis,
      unratedReason: null,
      off: {
        code: '012345678905',
        nutriScoreGrade: 'a',
        novaGroup: 1,
        nutrition: oats.nutrition,
        quantity: '1 kg',
        categories: ['porridge oats', 'breakfast cereals'],
        imageUrl: oats.imageUrl,
        offUrl: 'https://world.openfoodfacts.org/product/012345678905',
        lastModifiedT: 1_700_000_000,
        attribution: OFF_ATTRIBUTION,
      },
    });
  });

  it('shows a product without English ingredients as unrated with the reason, never with a rating', async () => {
    const res = await server.api(`/api/products/${unrated.productId}`);
    expect(res.body).toMatchObject({
      rating: null,
      analysis: null,
      unratedReason: 'ingredients not in English',
    });
    expect(res.body.off.nutriScoreGrade).toBe('a');
  });

  it('finds a product by its code as printed and by its EAN-13 / UPC-A / EAN-8 forms', async () => {
    for (const [code, id] of [
      ['012345678905', oats.productId],
      ['0012345678905', oats.productId],
      ['12345678905', oats.productId],
      ['26053561', ean8.productId],
      ['0000026053561', ean8.productId],
      ['000026053561', ean8.productId],
    ] as const) {
      const res = await server.api(`/api/products/barcode/${code}`);
      expect([code, res.status, res.body.id]).toEqual([code, 200, id]);
    }
    await expectRefused(server, () => server.api('/api/products/barcode/012345678906'), PRODUCT_NOT_FOUND);
  });

  it('finds imported products in search, typos forgiven, unrated ones as unrated cards', async () => {
    const res = await server.api('/api/products/search?q=quaker%20porridg');
    // The card shows OFF's photo and the most specific (last) of OFF's categories.
    expect(res.body[0]).toEqual({
      id: oats.productId,
      name: 'Quaker Porridge Oats',
      brand: 'Hill Farm',
      rating: oats.rating,
      imageUrl: oats.imageUrl,
      category: 'breakfast cereals',
      nutritionWarnings: [],
      dietaryFlags: expect.any(Array),
      nearMatch: false,
    });
    const typo = await server.api('/api/products/search?q=tartinner');
    expect(typo.body).toContainEqual({
      id: unrated.productId,
      name: 'Pâte à tartiner aux noisettes',
      brand: 'Hill Farm',
      rating: null,
      imageUrl: unrated.imageUrl,
      category: 'porridge oats',
      nutritionWarnings: [],
      dietaryFlags: [],
      nearMatch: false,
    });
  });

  it('never offers an unrated product as an alternative, and offers rated ones to an unrated product', async () => {
    const forOats = await server.api(`/api/alternatives/${oats.productId}`);
    expect(forOats.body.map((card: { id: number }) => card.id)).not.toContain(unrated.productId);
    const forUnrated = await server.api(`/api/alternatives/${unrated.productId}`);
    expect(forUnrated.body.map((card: { id: number }) => card.id)).toContain(oats.productId);
    expect(forUnrated.body.every((card: { rating: string | null }) => card.rating !== null)).toBe(true);
  });

  it('keeps a moderator’s correction over a later export, and shows it corrected in the console', async () => {
    await moderate(server, admin, `/products/${ean8.productId}`, { name: 'Mini Oatcakes (6 pack)' }, 'PUT');
    await updateFromSource(server, {
      ...ean8,
      name: 'Oatcakes mini',
      brand: 'Nairn’s',
      nutriScoreGrade: 'c',
      lastModifiedT: 1_800_000_000,
    });

    const res = await server.api(`/api/products/${ean8.productId}`);
    expect(res.body).toMatchObject({
      name: 'Mini Oatcakes (6 pack)',
      brand: 'Nairn’s',
      off: { nutriScoreGrade: 'c' },
    });
    const record = await server.api(`/api/admin/products/${ean8.productId}`, { token: admin.idToken });
    expect(record.body).toMatchObject({
      source: 'off',
      correctedFields: ['name'],
      off: { code: '26053561', lastModifiedT: 1_800_000_000, nutriScoreGrade: 'c', novaGroup: 1 },
    });
  });

  it('gives back the imported product when a user sends its barcode in another printed form', async () => {
    const user = await registeredUser(server);
    const before = await countEvents(server);
    const res = await postProduct(server, user, {
      name: 'Oats',
      ingredients: 'oats',
      barcode: '0012345678905',
    });
    expect([res.status, res.body.id]).toEqual([200, oats.productId]);
    expect(await countEvents(server)).toBe(before);
  });

  it('lets a moderator remove an imported product: no longer found by id or barcode', async () => {
    const [gone] = await importProducts(server, [{ code: '5000000000017', name: 'Removed Granola' }]);
    await moderate(server, admin, `/products/${gone!.productId}/remove`, { reason: 'Duplicate' });
    await expectRefused(server, () => server.api(`/api/products/${gone!.productId}`), PRODUCT_NOT_FOUND);
    await expectRefused(server, () => server.api('/api/products/barcode/5000000000017'), PRODUCT_NOT_FOUND);
  });
});
