import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams, type ImportedProduct, assessIngredients } from '@labelwise/domain';
import {
  expectRefused,
  moderate,
  postProduct,
  RATED_INGREDIENTS,
  recordScan,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { importProducts, updateFromSource } from '../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let user: TestUser;
let other: TestUser;
let unrated: ImportedProduct;

const NOT_ENGLISH = { ingredientsText: null, unratedReason: 'ingredients not in English' } as const;

beforeAll(async () => {
  server = await startTestServer();
  [user, other] = await Promise.all([registeredUser(server), registeredUser(server)]);
  [unrated] = (await importProducts(server, [
    { code: '3017620422003', name: 'Pâte à tartiner aux noisettes', ...NOT_ENGLISH },
  ])) as [ImportedProduct];
});
afterAll(async () => {
  await server?.stop();
});

const firstEventOf = async (productId: number) =>
  (await server.ctx.store.readStream(streams.product(productId)))[0]!;

const contribute = (who: TestUser, productId: number, body: unknown) =>
  server.api(`/api/products/${productId}/label`, { method: 'POST', token: who.idToken, body });

describe('an unknown barcode, labelled by a shopper', () => {
  it('saves the product under that barcode, so the next lookup finds it, with the sharing answer recorded', async () => {
    expect((await server.api('/api/products/barcode/5000159461122')).status).toBe(404);
    const created = await postProduct(server, user, {
      name: 'Crunchy Oat Bar',
      ingredients: RATED_INGREDIENTS.amber,
      barcode: '5000159461122',
      offConsent: true,
    });
    expect(created.status).toBe(201);
    const found = await server.api('/api/products/barcode/5000159461122');
    expect([found.status, found.body.id, found.body.barcode]).toEqual([
      200,
      created.body.id,
      '5000159461122',
    ]);
    expect((await firstEventOf(created.body.id)).data).toMatchObject({
      offConsent: true,
      createdBy: user.uid,
    });
  });

  it('refuses a sharing answer that is not true or false', async () => {
    const odd = { name: 'Odd', ingredients: 'Oats', barcode: '5000159461146', offConsent: 'yes' };
    await expectRefused(server, () => postProduct(server, user, odd as never), {
      status: 400,
      error: 'VALIDATION_ERROR',
    });
  });
});

describe('POST /api/products/{id}/label: the English label of an unrated product', () => {
  it('rates the label with the server analyser, records who gave it and their sharing answer, and keeps it over a later export', async () => {
    const res = await contribute(user, unrated.productId, {
      ingredients: RATED_INGREDIENTS.red,
      offConsent: false,
    });
    const { rating, analysis } = assessIngredients(RATED_INGREDIENTS.red, unrated.categories);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: unrated.productId,
      ingredients: RATED_INGREDIENTS.red,
      rating,
      unratedReason: null,
    });
    const events = await server.ctx.store.readStream(streams.product(unrated.productId));
    expect(events.at(-1)).toMatchObject({
      type: 'ProductLabelContributed',
      data: { contributedBy: user.uid, offConsent: false, rating, analysis },
    });

    const again = await contribute(other, unrated.productId, {
      ingredients: RATED_INGREDIENTS.green,
      offConsent: true,
    });
    expect([again.status, again.body.rating]).toEqual([200, rating]);
    expect(await server.ctx.store.readStream(streams.product(unrated.productId))).toHaveLength(events.length);

    await updateFromSource(server, { ...unrated, ...NOT_ENGLISH });
    const after = await server.api(`/api/products/${unrated.productId}`);
    expect([after.body.ingredients, after.body.rating]).toEqual([RATED_INGREDIENTS.red, rating]);
  });

  it("lets a moderator's correction win over the user's label", async () => {
    const [target] = (await importProducts(server, [
      { code: '3017620422010', name: 'Pâte', ...NOT_ENGLISH },
    ])) as [ImportedProduct];
    expect(
      (await contribute(user, target.productId, { ingredients: RATED_INGREDIENTS.red, offConsent: true }))
        .status,
    ).toBe(200);
    const admin = await createUser({ admin: true, verified: true });
    await moderate(
      server,
      admin,
      `/products/${target.productId}`,
      { ingredients: RATED_INGREDIENTS.green },
      'PUT',
    );
    const res = await server.api(`/api/products/${target.productId}`);
    expect([res.body.ingredients, res.body.rating]).toEqual([RATED_INGREDIENTS.green, 'green']);
  });

  it('refuses an empty label, an unknown product, and a guest', async () => {
    const invalid = { status: 400, error: 'VALIDATION_ERROR' };
    const label =
      (body: unknown, productId = unrated.productId) =>
      () =>
        contribute(user, productId, body);
    await expectRefused(server, label({ ingredients: ' ', offConsent: false }), invalid);
    await expectRefused(server, label({ ingredients: 'oats' }), invalid);
    await expectRefused(server, label({ ingredients: 'oats', offConsent: false }, 99_999_999), {
      status: 404,
      error: 'PRODUCT_NOT_FOUND',
    });
    const guest = () =>
      server.api(`/api/products/${unrated.productId}/label`, {
        method: 'POST',
        body: { ingredients: 'oats', offConsent: false },
      });
    await expectRefused(server, guest, { status: 401, error: 'UNAUTHENTICATED' });
  });
});

describe('POST /api/users/product-lookups: opening a product by its barcode', () => {
  const lookUp = (who: TestUser, body: Record<string, unknown>) =>
    server.api('/api/users/product-lookups', { method: 'POST', token: who.idToken, body });

  it('puts the product in Scan History with the date, and never uses the allowance, which stays for analyses', async () => {
    const shopper = await registeredUser(server);
    const lookedUpAt = new Date().toISOString();
    const res = await lookUp(shopper, { productId: 1, barcode: '5060412340014', lookedUpAt });
    expect([res.status, res.body.scansThisMonth]).toEqual([201, 0]);
    const history = await server.api('/api/users/scanned-products', { token: shopper.idToken });
    expect(history.body).toEqual([
      expect.objectContaining({ id: 1, name: 'Jumbo Rolled Oats', scannedAt: lookedUpAt }),
    ]);

    for (let i = 0; i < 10; i++) await recordScan(server, shopper, 1);
    const atLimit = await lookUp(shopper, { productId: 1, barcode: '5060412340014', lookedUpAt });
    expect([atLimit.status, atLimit.body.scansThisMonth]).toEqual([201, 10]);
    const stats = await server.api('/api/user-stats', { token: shopper.idToken });
    expect(stats.body).toMatchObject({ scansThisMonth: 10, canScan: false });
    const eleventh = await server.api('/api/users/scanned-products', {
      method: 'POST',
      token: shopper.idToken,
      body: { productId: 1, scannedAt: new Date().toISOString() },
    });
    expect(eleventh.body.error).toBe('SCAN_LIMIT_REACHED');
  });

  it('refuses a guest, an unknown product and a malformed barcode', async () => {
    const body = { productId: 1, barcode: '5060412340014', lookedUpAt: new Date().toISOString() };
    await expectRefused(server, () => server.api('/api/users/product-lookups', { method: 'POST', body }), {
      status: 401,
      error: 'UNAUTHENTICATED',
    });
    await expectRefused(server, () => lookUp(user, { ...body, productId: 99_999_999 }), {
      status: 404,
      error: 'PRODUCT_NOT_FOUND',
    });
    await expectRefused(server, () => lookUp(user, { ...body, barcode: 'MANUAL_1' }), {
      status: 400,
      error: 'VALIDATION_ERROR',
    });
  });
});
