import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import {
  countEvents,
  createdProduct,
  expectRefused,
  moderate,
  postProduct,
  RATED_INGREDIENTS,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let user: TestUser;
let other: TestUser;

const PRODUCT_NOT_FOUND = { status: 404, error: 'PRODUCT_NOT_FOUND', message: 'Product not found' };

beforeAll(async () => {
  server = await startTestServer();
  [user, other] = await Promise.all([registeredUser(server), registeredUser(server)]);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/products and /api/products/{id}', () => {
  it('lists the starter catalogue as product cards', async () => {
    const res = await server.api('/api/products');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(14);
    expect(res.body).toContainEqual({
      id: 1,
      name: 'Jumbo Rolled Oats',
      brand: 'Hearth & Field',
      rating: 'green',
      imageUrl: null,
      category: 'cereals',
      nutritionWarnings: [],
      dietaryFlags: expect.any(Array),
    });
  });

  it('pages the list and refuses a limit or offset out of range', async () => {
    const all = (await server.api('/api/products?limit=100')).body;
    expect((await server.api('/api/products?limit=2&offset=1')).body).toEqual(all.slice(1, 3));
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'offset=10001']) {
      await expectRefused(server, () => server.api(`/api/products?${query}`), {
        status: 400,
        error: 'VALIDATION_ERROR',
        message: new RegExp(`^${query.split('=')[0]}: `),
      });
    }
  });

  it('answers one product with every spec field', async () => {
    const res = await server.api('/api/products/1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 1,
      name: 'Jumbo Rolled Oats',
      brand: 'Hearth & Field',
      barcode: '5060412340014',
      ingredients: 'Wholegrain rolled oats (100%).',
      weight: '1kg',
      rating: 'green',
      analysis: expect.objectContaining({ processingLevel: 'minimal' }),
    });
    expect(typeof res.body.description).toBe('string');
  });

  it('answers 404 for an unknown id and 400 for an id that is not a positive integer', async () => {
    await expectRefused(server, () => server.api('/api/products/999999'), PRODUCT_NOT_FOUND);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
      await expectRefused(server, () => server.api(`/api/products/${id}`), {
        status: 400,
        error: 'INVALID_PRODUCT_ID',
      });
    }
  });
});

describe('POST /api/products', () => {
  it('creates a product with an integer id and the server analyser’s rating, ignoring the client’s', async () => {
    const before = await countEvents(server);
    const res = await postProduct(server, user, {
      name: 'Neon Sweets',
      ingredients: RATED_INGREDIENTS.red,
      rating: 'green',
    });
    expect(res.status).toBe(201);
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.body).toMatchObject({ name: 'Neon Sweets', brand: 'Test Brand', rating: 'red' });
    expect(res.body.analysis).toMatchObject({ rating: 'red', processingLevel: 'high' });

    const [created] = await server.ctx.store.readStream(streams.product(res.body.id));
    expect(created).toMatchObject({
      type: 'ProductCreated',
      data: { productId: res.body.id, rating: 'red', createdBy: user.uid, source: 'user' },
    });
    // The label's claim, then the product.
    expect(await countEvents(server)).toBe(before + 2);
    expect((await server.api(`/api/products/${res.body.id}`)).body).toEqual(res.body);
  });

  it('rates a clean product green even when the client claims red', async () => {
    const res = await postProduct(server, user, {
      name: 'Plain Porridge Oats',
      ingredients: 'Oats',
      rating: 'red',
    });
    expect(res.body.rating).toBe('green');
  });

  it('gives back the existing product for a known barcode instead of a duplicate', async () => {
    const first = await postProduct(server, user, {
      name: 'Sparkling Water',
      ingredients: 'Carbonated water',
      barcode: '4000000000017',
    });
    expect(first.status).toBe(201);
    const before = await countEvents(server);
    const again = await postProduct(server, other, {
      name: 'Fizzy Water',
      ingredients: RATED_INGREDIENTS.red,
      barcode: '4000000000017',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await countEvents(server)).toBe(before);

    const starter = await postProduct(server, other, {
      name: 'My oats',
      ingredients: 'oats',
      barcode: '5060412340014',
    });
    expect([starter.status, starter.body.id, starter.body.name]).toEqual([200, 1, 'Jumbo Rolled Oats']);
  });

  it('creates exactly one product when several people send the same new barcode at once', async () => {
    const results = await Promise.all(
      [user, other, user].map((who, i) =>
        postProduct(server, who, { name: `Race ${i}`, ingredients: 'Oats', barcode: '4000000000024' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await server.ctx.store.readStream(streams.product(results[0]!.body.id))).toHaveLength(1);
  });

  it('creates exactly one product when several people send the same named product without a barcode at once', async () => {
    const label = {
      name: 'Race Flapjack',
      brand: 'Corner Bakery',
      ingredients: 'Oats, butter, golden syrup',
    };
    const results = await Promise.all(
      [user, other, user, other].map((who, i) =>
        postProduct(server, who, {
          ...label,
          name: i % 2 ? label.name.toUpperCase() : label.name,
          barcode: i < 2 ? '' : `MANUAL_${1700000000000 + i}`,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await server.ctx.store.readStream(streams.product(results[0]!.body.id))).toHaveLength(1);
  });

  it('lets a label go once its product is corrected to another or removed', async () => {
    const admin = await createUser({ admin: true, verified: true });
    const label = { name: 'Seed Cracker', brand: 'Corner Bakery', ingredients: 'Seeds, water', barcode: '' };
    const first = await createdProduct(server, user, label);
    await moderate(server, admin, `/products/${first}`, { name: 'Seeded Cracker' }, 'PUT');
    const second = await createdProduct(server, other, label);
    expect(second).not.toBe(first);
    await moderate(server, admin, `/products/${second}/remove`, { reason: 'Duplicate' });
    const third = await createdProduct(server, user, label);
    expect(new Set([first, second, third]).size).toBe(3);
    const again = await postProduct(server, other, label);
    expect([again.status, again.body.id]).toEqual([200, third]);
  });

  it('never treats MANUAL_ barcodes as the same product', async () => {
    const a = await createdProduct(server, user, {
      name: 'Manual Analysis',
      ingredients: 'Oats',
      barcode: 'MANUAL_1700000000000',
    });
    const b = await createdProduct(server, user, {
      name: 'Manual Analysis',
      ingredients: 'Oats',
      barcode: 'MANUAL_1700000000000',
    });
    expect(a).not.toBe(b);
  });

  it('requires a signed-in user with a verified email', async () => {
    const body = {
      name: 'Guest product',
      brand: '',
      barcode: '',
      ingredients: 'Oats',
      description: '',
      weight: '',
      rating: 'green',
    };
    await expectRefused(server, () => server.api('/api/products', { method: 'POST', body }), {
      status: 401,
      error: 'UNAUTHENTICATED',
    });
    const unverified = await registeredUser(server, { verified: false });
    await expectRefused(
      server,
      () => server.api('/api/products', { method: 'POST', body, token: unverified.idToken }),
      {
        status: 403,
        error: 'EMAIL_NOT_VERIFIED',
      },
    );
  });

  it.each([
    [{ name: '   ' }, 'name: is required'],
    [{ ingredients: '' }, 'ingredients: is required'],
    [{ name: 'x'.repeat(201) }, 'name: must be at most 200 characters'],
    [{ ingredients: 'x'.repeat(5001) }, 'ingredients: must be at most 5000 characters'],
    [{ brand: 'b'.repeat(201) }, 'brand: must be at most 200 characters'],
    [{ barcode: '1'.repeat(65) }, 'barcode: must be at most 64 characters'],
    [{ barcode: '12 34' }, 'barcode: may hold only letters, digits, _ and -'],
    [{ description: 'd'.repeat(2001) }, 'description: must be at most 2000 characters'],
    [{ weight: 'w'.repeat(51) }, 'weight: must be at most 50 characters'],
    [{ price: 3 }, /price/],
  ])('refuses %j with 400 and names the field', async (change, message) => {
    await expectRefused(
      server,
      () => postProduct(server, user, { name: 'Valid', ingredients: 'Oats', ...change } as never),
      {
        status: 400,
        error: 'VALIDATION_ERROR',
        message,
      },
    );
  });

  it('refuses a body that is not JSON', async () => {
    await expectRefused(
      server,
      () => server.api('/api/products', { method: 'POST', token: user.idToken, body: '{"name":' }),
      {
        status: 400,
        error: 'INVALID_JSON',
      },
    );
  });
});

describe('GET /api/products/barcode/{code}', () => {
  it('answers the product holding a barcode, or 404', async () => {
    const res = await server.api('/api/products/barcode/5060412340021');
    expect([res.status, res.body.id, res.body.name]).toEqual([200, 2, 'Natural Greek Style Yogurt']);
    await expectRefused(server, () => server.api('/api/products/barcode/0000000000000'), PRODUCT_NOT_FOUND);
  });
});
