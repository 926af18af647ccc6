import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caughtUp,
  createdProduct,
  expectRefused,
  postProduct,
  postReview,
  postedReview,
  recordScan,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import type { TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/** Issue #22: a pasted scan without a product name is its creator's own, not the community's. */

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let personal: number;
let named: number;

const CLOUDBERRY_INGREDIENTS = 'Cloudberries, lemon juice';
const PRODUCT_NOT_FOUND = { status: 404, error: 'PRODUCT_NOT_FOUND', message: 'Product not found' };

const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

async function listed(path: string, token?: string): Promise<number[]> {
  const res = await server.api(path, { token });
  expect(res.status).toBe(200);
  return ids(res.body);
}

/** What the frontend sends for a photo whose label named no product (the manual-scan defaults). */
const unnamedScan = (ingredients: string, barcode = `MANUAL_${Date.now()}`) => ({
  name: 'Manual Analysis',
  brand: 'User Input',
  barcode,
  ingredients,
});

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([registeredUser(server), registeredUser(server)]);
  // Both green, with the same ingredients: the personal scan would be in every list the named one is in.
  personal = await createdProduct(server, owner, unnamedScan(CLOUDBERRY_INGREDIENTS));
  named = await createdProduct(server, owner, {
    name: 'Cloudberry Jam No Added Sugar',
    brand: 'Nordic Jars',
    ingredients: CLOUDBERRY_INGREDIENTS,
  });
  for (const id of [personal, named]) {
    await recordScan(server, owner, id);
    await postedReview(server, owner, { productId: id, rating: 5, comment: 'Lovely.' });
  }
  await caughtUp(server, ['product_cards', 'product_ratings', 'user_scans']);
});
afterAll(async () => {
  await server?.stop();
});

describe('a scan without a product name', () => {
  it('is rated like the named product, and is in its creator’s history', async () => {
    const mine = await server.api(`/api/products/${personal}`, { token: owner.idToken });
    expect([mine.status, mine.body.name, mine.body.rating]).toEqual([200, 'Manual Analysis', 'green']);
    expect(await listed('/api/users/scanned-products', owner.idToken)).toEqual([named, personal]);
  });

  it('is named in its creator’s history by the ingredients it read, each scan apart', async () => {
    const history = await server.api('/api/users/scanned-products', { token: owner.idToken });
    const names = (history.body as Array<{ id: number; name: string }>).map((card) => [card.id, card.name]);
    expect(names).toEqual([
      [named, 'Cloudberry Jam No Added Sugar'],
      [personal, 'Cloudberries, lemon juice'],
    ]);
  });

  it.each([
    ['the product list', '/api/products?limit=100'],
    ['Recently Scanned and community scans', '/api/recently-scanned'],
    ['clean alternatives', '/api/community/clean-alternatives'],
    ['recommended favourites', '/api/community/favourites?limit=24'],
    ['top-rated favourites', '/api/community/favourites?limit=24&order=top-rated'],
    ['trending favourites', '/api/community/favourites?limit=24&order=trending'],
    ['a search by its ingredients', '/api/products/search?q=cloudberries'],
    ['a search by its name', '/api/products/search?q=manual%20analysis'],
  ])('is not in %s, where the named product is', async (_list, path) => {
    const cards = await listed(path);
    expect(cards).not.toContain(personal);
    if (!path.includes('manual')) expect(cards).toContain(named);
  });

  it('is never offered as a similar product, though its creator still asks for alternatives to it', async () => {
    const shelf = await createdProduct(server, stranger, {
      name: 'Cloudberry Jam',
      brand: 'Lapland',
      ingredients: 'Cloudberries, sugar, lemon juice',
    });
    await caughtUp(server, ['product_cards']);
    const alternatives = await listed(`/api/alternatives/${shelf}`);
    expect(alternatives).toContain(named);
    expect(alternatives).not.toContain(personal);
    // Green like the named product, which is no better: nothing to offer, but no 404 either.
    expect(await listed(`/api/alternatives/${personal}`, owner.idToken)).toEqual([]);
  });

  it('does not exist for anyone else: no page, no alternatives, no reviews, no scan, no review of theirs', async () => {
    for (const token of [undefined, stranger.idToken])
      await expectRefused(
        server,
        () => server.api(`/api/alternatives/${personal}`, { token }),
        PRODUCT_NOT_FOUND,
      );
    const ownReviews = await server.api(`/api/reviews/product/${personal}`, { token: owner.idToken });
    expect([ownReviews.status, ownReviews.body.length]).toEqual([200, 1]);
    await expectRefused(server, () => server.api(`/api/products/${personal}`), PRODUCT_NOT_FOUND);
    await expectRefused(
      server,
      () => server.api(`/api/reviews/product/${personal}`, { token: stranger.idToken }),
      PRODUCT_NOT_FOUND,
    );
    await expectRefused(
      server,
      () => server.api(`/api/products/${personal}`, { token: stranger.idToken }),
      PRODUCT_NOT_FOUND,
    );
    await expectRefused(
      server,
      () =>
        server.api('/api/users/scanned-products', {
          method: 'POST',
          token: stranger.idToken,
          body: { productId: personal, scannedAt: new Date().toISOString() },
        }),
      PRODUCT_NOT_FOUND,
    );
    await expectRefused(
      server,
      () => postReview(server, stranger, { productId: personal, rating: 1, comment: 'Whose is this?' }),
      PRODUCT_NOT_FOUND,
    );
  });

  it('claims no barcode: the code stays free for the product that names it', async () => {
    const barcode = '4000000000109';
    await createdProduct(server, owner, unnamedScan('Oats', barcode));
    await caughtUp(server, ['product_cards']);
    expect((await server.api(`/api/products/barcode/${barcode}`)).status).toBe(404);

    const porridge = await createdProduct(server, stranger, {
      name: 'Porridge Oats',
      ingredients: 'Oats',
      barcode,
    });
    await caughtUp(server, ['product_cards']);
    const found = await server.api(`/api/products/barcode/${barcode}`);
    expect([found.status, found.body.id]).toEqual([200, porridge]);
  });
});

describe('a named scan without a barcode', () => {
  it('joins the product with the same name, brand and ingredients (case, accents and spacing aside)', async () => {
    const again = await postProduct(server, stranger, {
      name: '  cloudberry   JAM no added  Sugar ',
      brand: 'nordic jars',
      ingredients: 'cloudberries,  lemon juice',
    });
    expect([again.status, again.body.id]).toEqual([200, named]);
  });

  it('is a product of its own when the brand or the ingredients differ', async () => {
    const otherBrand = await postProduct(server, stranger, {
      name: 'Cloudberry Jam No Added Sugar',
      brand: 'Arctic Pantry',
      ingredients: CLOUDBERRY_INGREDIENTS,
    });
    const otherRecipe = await postProduct(server, stranger, {
      name: 'Cloudberry Jam No Added Sugar',
      brand: 'Nordic Jars',
      ingredients: 'Cloudberries, sugar',
    });
    expect([otherBrand.status, otherRecipe.status]).toEqual([201, 201]);
    expect(new Set([named, otherBrand.body.id, otherRecipe.body.id]).size).toBe(3);
  });
});
