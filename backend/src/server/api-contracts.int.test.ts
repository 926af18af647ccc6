import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  accountDeletionResponse,
  adminArticleResponse,
  adminBrandCorrectionResponse,
  adminBrandResponse,
  adminDashboardResponse,
  adminImportRunResponse,
  adminOffContributionResponse,
  adminOffSyncResponse,
  adminProductResponse,
  adminReviewDetailResponse,
  adminReviewResponse,
  adminUserDetailResponse,
  adminUserResponse,
  articleResponse,
  articleSummaryListResponse,
  communityFavouriteListResponse,
  dataDownloadResponse,
  healthResponse,
  productCardListResponse,
  searchHitListResponse,
  productResponse,
  reviewListResponse,
  reviewResponse,
  runtimeConfigResponse,
  scannedProductListResponse,
  subscriptionResponse,
  userActivityResponse,
  userProfileResponse,
  userStatsResponse,
} from '@labelwise/domain';
import {
  caughtUp,
  createdProduct,
  postReview,
  RATED_INGREDIENTS,
  recordScan,
  registeredUser,
} from '../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../testing/emulator-users';
import { importProducts } from '../../testing/imported-products';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let user: TestUser;
let admin: TestUser;
let productId: number;
let reviewId: string;
let barcode: string;
let imported: { rated: number; unrated: number; code: string; imageUrl: string | null };

beforeAll(async () => {
  // With the real Open Food Facts starter set imported at boot: the import runs list has a run.
  server = await startTestServer({ env: { OFF_STARTER_SET: 'true' } });
  admin = await createUser({ admin: true, verified: true });
  user = await registeredUser(server, { username: 'contract_checker' });
  productId = await createdProduct(server, user, {
    name: 'Contract Jam',
    ingredients: RATED_INGREDIENTS.green,
  });
  // A second jam, shared with Open Food Facts: lists and searches answer more than one card.
  await createdProduct(server, user, {
    name: 'Contract Jam Extra',
    brand: 'Contract Preserves',
    barcode: '5000112548167',
    ingredients: RATED_INGREDIENTS.green,
    offConsent: true,
  });
  await recordScan(server, user, productId);
  const review = await postReview(server, user, { productId, rating: 5, comment: 'Fine jam' });
  expect(review.status).toBe(201);
  expect(reviewResponse.parse(review.body)).toEqual(review.body);
  reviewId = review.body.id;
  barcode = (await server.api(`/api/products/${productId}`)).body.barcode;
  const [rated, unrated] = await importProducts(server, [
    { name: 'Contract Jam Imported' },
    { name: 'Confiture Contrat', ingredientsText: null, unratedReason: 'ingredients not in English' },
  ]);
  imported = {
    rated: rated!.productId,
    unrated: unrated!.productId,
    code: rated!.code,
    imageUrl: rated!.imageUrl,
  };
  await caughtUp(server, [
    'product_cards',
    'product_ratings',
    'reviews',
    'user_scans',
    'articles',
    'off_contributions',
    'import_runs',
  ]);
});
afterAll(async () => {
  await server?.stop();
});

/** Each main endpoint's real answer, and the contract the apps parse it with. */
const endpoints: Array<[string, () => z.ZodMiniType, 'user' | 'admin' | null]> = [
  ['/api/config', () => runtimeConfigResponse, null],
  ['/api/health', () => healthResponse, null],
  ['/api/products?limit=5', () => productCardListResponse, null],
  ['/api/products/{product}', () => productResponse, null],
  ['/api/products/{imported}', () => productResponse, null],
  ['/api/products/{unrated}', () => productResponse, null],
  ['/api/products/barcode/{barcode}', () => productResponse, null],
  ['/api/products/barcode/{importedCode}', () => productResponse, null],
  ['/api/products/search?q=contrat', () => searchHitListResponse, null],
  ['/api/products/search?q=jam', () => searchHitListResponse, null],
  // The unrated import has the rated one as a better alternative (a Green product has none).
  ['/api/alternatives/{unrated}', () => productCardListResponse, null],
  ['/api/community/clean-alternatives', () => productCardListResponse, null],
  ['/api/community/favourites?limit=24', () => communityFavouriteListResponse, null],
  ['/api/community/favourites?order=top-rated', () => communityFavouriteListResponse, null],
  ['/api/community/favourites?order=trending', () => communityFavouriteListResponse, null],
  ['/api/articles', () => articleSummaryListResponse, null],
  ['/api/articles/1', () => articleResponse, null],
  ['/api/reviews/product/{product}', () => reviewListResponse, null],
  ['/api/user/profile', () => userProfileResponse, 'user'],
  ['/api/user-stats', () => userStatsResponse, 'user'],
  ['/api/user/activity', () => userActivityResponse, 'user'],
  ['/api/user/favourites', () => productCardListResponse, 'user'],
  ['/api/user/data', () => dataDownloadResponse, 'user'],
  ['/api/users/scanned-products', () => scannedProductListResponse, 'user'],
  ['/api/recently-scanned', () => scannedProductListResponse, null],
  ['/api/subscription', () => subscriptionResponse, 'user'],
  ['/api/admin/dashboard', () => adminDashboardResponse, 'admin'],
  ['/api/admin/products', () => listOf(adminProductResponse), 'admin'],
  ['/api/admin/products/{product}', () => adminProductResponse, 'admin'],
  ['/api/admin/products/{imported}', () => adminProductResponse, 'admin'],
  ['/api/admin/products/{unrated}', () => adminProductResponse, 'admin'],
  ['/api/admin/reviews', () => listOf(adminReviewResponse), 'admin'],
  ['/api/admin/reviews/{review}', () => adminReviewDetailResponse, 'admin'],
  ['/api/admin/users', () => listOf(adminUserResponse), 'admin'],
  ['/api/admin/users/{user}', () => adminUserDetailResponse, 'admin'],
  ['/api/admin/brands', () => listOf(adminBrandResponse), 'admin'],
  ['/api/admin/articles', () => listOf(adminArticleResponse), 'admin'],
  ['/api/admin/articles/1', () => adminArticleResponse, 'admin'],
  ['/api/admin/off-contributions', () => listOf(adminOffContributionResponse), 'admin'],
  ['/api/admin/import-runs', () => listOf(adminImportRunResponse), 'admin'],
  ['/api/admin/off-sync', () => adminOffSyncResponse, 'admin'],
  // GET /api/admin/read-replicas lists nothing without replicas: read-replicas.int.test.ts checks its
  // contract against a real one.
];

/** An array of records, each parsed by `record` (ra-data-simple-rest lists). */
function listOf(record: z.ZodMiniType) {
  return { parse: (body: unknown) => (body as unknown[]).map((row) => record.parse(row)) } as never;
}

describe('API responses', () => {
  it.each(endpoints)('GET %s passes its contract unchanged', async (template, contract, as) => {
    const path = template
      .replace('{product}', String(productId))
      .replace('{imported}', String(imported.rated))
      .replace('{unrated}', String(imported.unrated))
      .replace('{importedCode}', imported.code)
      .replace('{barcode}', encodeURIComponent(barcode))
      .replace('{review}', encodeURIComponent(reviewId))
      .replace('{user}', encodeURIComponent(user.uid));
    const token = as === 'user' ? user.idToken : as === 'admin' ? admin.idToken : undefined;
    const res = await server.api(path, { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body) ? res.body.length : 1).toBeGreaterThan(0);
    expect(contract().parse(res.body)).toEqual(res.body);
  });

  it('answers an unknown API route 404 naming it whole, without its query', async () => {
    const res = await server.api('/api/no-such-route?q=private');
    expect(res).toMatchObject({
      status: 404,
      body: { error: 'NOT_FOUND', message: 'No API route GET /api/no-such-route' },
    });
  });
});

describe('account deletion', () => {
  const passesItsContract = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(200);
    expect(accountDeletionResponse.parse(res.body)).toEqual(res.body);
  };

  it('DELETE /api/user answers what the deletion did, as its contract says', async () => {
    const leaving = await registeredUser(server);
    passesItsContract(
      await server.api('/api/user', {
        method: 'DELETE',
        token: leaving.idToken,
        body: { confirm: 'DELETE' },
      }),
    );
  });

  it('POST /api/admin/users/{uid}/deletion answers what the deletion did, as its contract says', async () => {
    const leaving = await registeredUser(server);
    passesItsContract(
      await server.api(`/api/admin/users/${encodeURIComponent(leaving.uid)}/deletion`, {
        method: 'POST',
        token: admin.idToken,
        body: { confirm: 'DELETE', reason: 'Asked by email' },
      }),
    );
  });
});

describe('brand corrections', () => {
  it('POST /api/admin/brands/corrections answers how many products it corrected, as its contract says', async () => {
    const res = await server.api('/api/admin/brands/corrections', {
      method: 'POST',
      token: admin.idToken,
      body: { from: 'Contract Preserves', to: 'Contract Preserves Ltd' },
    });
    expect(res.status).toBe(200);
    expect(adminBrandCorrectionResponse.parse(res.body)).toEqual(res.body);
  });
});

describe('product cards', () => {
  it("carry an imported product's OFF photo and most specific category, null for a community product", async () => {
    const res = await server.api('/api/products/search?q=contract jam');
    const cards = productCardListResponse.parse(res.body);
    expect(imported.imageUrl).toMatch(/^https:\/\/images\.openfoodfacts\.org\//);
    expect(cards.find((card) => card.id === imported.rated)).toMatchObject({
      imageUrl: imported.imageUrl,
      category: 'porridge oats',
    });
    expect(cards.find((card) => card.id === productId)).toMatchObject({ imageUrl: null, category: null });
  });
});
