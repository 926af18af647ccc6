import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams, SCAN_LIMIT_MESSAGE } from '@labelwise/domain';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '../../auth/middleware';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import {
  appendToUser,
  createProduct,
  premiumUntil,
  verifyEmailThroughLink,
} from '../../../testing/account-fixtures';
import { caughtUp, countEvents } from '../../../testing/catalogue-fixtures';

/** The server's clock, moved by the tests (month rollover). */
let now = new Date('2026-03-14T10:00:00.000Z');
let server: TestServer;
let productId: number;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  productId = await createProduct(server.ctx, { name: 'Oat Drink', brand: 'Oatly', rating: 'green' });
});
afterAll(async () => {
  await server?.stop();
});

const scan = (token: string, id = productId, scannedAt = now.toISOString()) =>
  server.api('/api/users/scanned-products', { method: 'POST', token, body: { productId: id, scannedAt } });

const stats = async (token: string) => (await server.api('/api/user-stats', { token })).body;

async function scanTimes(token: string, count: number) {
  for (let i = 0; i < count; i++) expect((await scan(token)).status).toBe(201);
}

describe('POST /api/users/scanned-products', () => {
  it('refuses an unverified email (403 EMAIL_NOT_VERIFIED) and accepts the same person after the verification link', async () => {
    const user = await createUser();
    const refused = await scan(user.idToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'EMAIL_NOT_VERIFIED', message: EMAIL_NOT_VERIFIED_MESSAGE });
    expect(await server.ctx.store.readStream(streams.user(user.uid))).toHaveLength(1); // UserRegistered only

    const verifiedToken = await verifyEmailThroughLink(user);
    const accepted = await scan(verifiedToken);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({ productId, scannedAt: now.toISOString(), scansThisMonth: 1 });
  });

  it('needs a bearer token', async () => {
    expect((await scan('')).status).toBe(401);
  });

  it('answers 404 "Product not found" for an unknown or removed product, appending nothing', async () => {
    const user = await createUser({ verified: true });
    await server.api('/api/user/profile', { token: user.idToken }); // registers the user first
    const removed = await createProduct(server.ctx);
    await server.ctx.store.append(
      streams.product(removed),
      [
        {
          type: 'ProductRemoved',
          data: { productId: removed, reason: 'test' },
          metadata: { actor: null, correlationId: 't', causationId: null, at: now.toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );
    const before = await countEvents(server);
    for (const id of [999_999, removed]) {
      const res = await scan(user.idToken, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    }
    expect(await countEvents(server)).toBe(before);
  });

  it('rejects malformed bodies and unknown fields with 400, appending nothing', async () => {
    const user = await createUser({ verified: true });
    await server.api('/api/user/profile', { token: user.idToken });
    const before = await countEvents(server);
    for (const body of [
      { productId, scannedAt: now.toISOString(), extra: 1 },
      { productId: 'one', scannedAt: now.toISOString() },
      { productId },
      { productId, scannedAt: 'yesterday' },
    ]) {
      const res = await server.api('/api/users/scanned-products', {
        method: 'POST',
        token: user.idToken,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await countEvents(server)).toBe(before);
  });

  it("lets a free user scan 10 times a month; the 11th is refused with the spec's message and records nothing", async () => {
    const user = await createUser({ verified: true });
    await scanTimes(user.idToken, 10);
    expect(await stats(user.idToken)).toEqual({
      scansThisMonth: 10,
      scanLimit: 10,
      isPremium: false,
      canScan: false,
    });

    const before = await countEvents(server);
    const eleventh = await scan(user.idToken);
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toEqual({ error: 'SCAN_LIMIT_REACHED', message: SCAN_LIMIT_MESSAGE });
    expect(await countEvents(server)).toBe(before);
    expect((await server.api('/api/user/profile', { token: user.idToken })).body.scansThisMonth).toBe(10);
  });

  it('stores exactly the allowance when 50 scans of a fresh free user arrive at once', async () => {
    const user = await createUser({ verified: true });
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => scan(user.idToken)));
    const elapsed = performance.now() - started;
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 403)).toBe(true);
    const recorded = (await server.ctx.store.readStream(streams.user(user.uid))).filter(
      (e) => e.type === 'ScanRecorded',
    );
    expect(recorded).toHaveLength(10);
    expect(await stats(user.idToken)).toMatchObject({ scansThisMonth: 10, canScan: false });
    console.warn(`50 concurrent scans of one free user: ${elapsed.toFixed(0)} ms`);
  });

  it('never limits a premium user, and counts them back when premium ends', async () => {
    const user = await createUser({ verified: true });
    await server.api('/api/user/profile', { token: user.idToken });
    const periodEnd = new Date(now.getTime() + 24 * 3600_000);
    await appendToUser(server.ctx, user.uid, [premiumUntil(user.uid, periodEnd)]);
    expect(await stats(user.idToken)).toEqual({
      scansThisMonth: 0,
      scanLimit: 10,
      isPremium: true,
      canScan: true,
    });

    await scanTimes(user.idToken, 15);
    expect(await stats(user.idToken)).toEqual({
      scansThisMonth: 15,
      scanLimit: 10,
      isPremium: true,
      canScan: true,
    });

    await appendToUser(server.ctx, user.uid, [
      { type: 'SubscriptionExpired', data: { uid: user.uid, subscriptionId: `sub_${user.uid}` } },
    ]);
    expect(await stats(user.idToken)).toEqual({
      scansThisMonth: 15,
      scanLimit: 10,
      isPremium: false,
      canScan: false,
    });
    expect((await scan(user.idToken)).status).toBe(403);
  });

  it("counts the server's UTC month: a new month restores the allowance whatever scannedAt the client sends", async () => {
    const user = await createUser({ verified: true });
    now = new Date('2026-03-31T23:59:00.000Z');
    await scanTimes(user.idToken, 10);
    // A client clock 4 minutes ahead, already in April, does not open April's allowance.
    expect((await scan(user.idToken, productId, '2026-04-01T00:03:00.000Z')).status).toBe(403);

    now = new Date('2026-04-01T00:00:00.000Z');
    expect(await stats(user.idToken)).toEqual({
      scansThisMonth: 0,
      scanLimit: 10,
      isPremium: false,
      canScan: true,
    });
    const april = await scan(user.idToken, productId, '2026-03-31T23:59:30.000Z');
    expect(april.status).toBe(201);
    expect(april.body.scansThisMonth).toBe(1);
    expect((await server.api('/api/user/profile', { token: user.idToken })).body.scansThisMonth).toBe(1);
  });
});

describe('GET /api/users/scanned-products and /api/recently-scanned', () => {
  let alice: TestUser;
  let bob: TestUser;
  let first: number;
  let second: number;
  /** Products created in the app have no Open Food Facts photo, category nor nutrition facts. */
  const noPhoto = { imageUrl: null, category: null, nutritionWarnings: [], dietaryFlags: expect.any(Array) };

  beforeAll(async () => {
    now = new Date('2026-05-10T08:00:00.000Z');
    [alice, bob] = await Promise.all([createUser({ verified: true }), createUser({ verified: true })]);
    first = await createProduct(server.ctx, { name: 'Crisps', brand: 'Salty Co', rating: 'red' });
    second = await createProduct(server.ctx, { name: 'Apple', brand: 'Orchard', rating: 'green' });
  });

  it('lists my scanned products as cards, newest first, each product once, right after each scan', async () => {
    expect((await server.api('/api/users/scanned-products', { token: alice.idToken })).body).toEqual([]);

    await scan(alice.idToken, first, '2026-05-10T07:00:00.000Z');
    expect((await server.api('/api/users/scanned-products', { token: alice.idToken })).body).toEqual([
      {
        id: first,
        name: 'Crisps',
        brand: 'Salty Co',
        rating: 'red',
        ...noPhoto,
        scannedAt: '2026-05-10T07:00:00.000Z',
      },
    ]);
    await scan(alice.idToken, second, '2026-05-10T07:05:00.000Z');
    await scan(alice.idToken, first, '2026-05-10T07:10:00.000+01:00');
    const mine = await server.api('/api/users/scanned-products', { token: alice.idToken });
    expect(mine.body).toEqual([
      {
        id: first,
        name: 'Crisps',
        brand: 'Salty Co',
        rating: 'red',
        ...noPhoto,
        scannedAt: '2026-05-10T06:10:00.000Z',
      },
      {
        id: second,
        name: 'Apple',
        brand: 'Orchard',
        rating: 'green',
        ...noPhoto,
        scannedAt: '2026-05-10T07:05:00.000Z',
      },
    ]);
    expect((await server.api('/api/users/scanned-products', { token: bob.idToken })).body).toEqual([]);
    expect((await server.api('/api/users/scanned-products')).status).toBe(401);
  });

  it("shows everyone's recent scans publicly, one card per product, newest first", async () => {
    await scan(bob.idToken, second, '2026-05-10T07:30:00.000Z');
    const recent = await server.api('/api/recently-scanned');
    expect(recent.status).toBe(200);
    expect(recent.body.slice(0, 2)).toEqual([
      {
        id: second,
        name: 'Apple',
        brand: 'Orchard',
        rating: 'green',
        ...noPhoto,
        scannedAt: '2026-05-10T07:30:00.000Z',
      },
      {
        id: first,
        name: 'Crisps',
        brand: 'Salty Co',
        rating: 'red',
        ...noPhoto,
        scannedAt: '2026-05-10T06:10:00.000Z',
      },
    ]);
    const ids = recent.body.map((card: { id: number }) => card.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(20);
  });

  it('keeps at most 20 recent products and hides removed ones', async () => {
    const products = [];
    for (let i = 0; i < 22; i++) products.push(await createProduct(server.ctx, { name: `Bulk ${i}` }));
    const carol = await createUser({ verified: true });
    await appendToUser(server.ctx, carol.uid, [
      premiumUntil(carol.uid, new Date('2027-01-01T00:00:00.000Z')),
    ]);
    for (const id of products) expect((await scan(carol.idToken, id)).status).toBe(201);
    const newest = products.at(-1)!;
    await server.ctx.store.append(
      streams.product(newest),
      [
        {
          type: 'ProductRemoved',
          data: { productId: newest, reason: 'test' },
          metadata: { actor: null, correlationId: 't', causationId: null, at: now.toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );
    const [last] = await server.ctx.store.readStream(streams.product(newest), {
      direction: 'backwards',
      maxCount: 1,
    });
    await caughtUp(server, ['product_cards'], last!.position);

    const recent = (await server.api('/api/recently-scanned')).body.map((card: { id: number }) => card.id);
    expect(recent).toEqual(products.slice(0, -1).reverse().slice(0, 20));
    const mine = (await server.api('/api/users/scanned-products', { token: carol.idToken })).body;
    expect(mine.map((card: { id: number }) => card.id)).not.toContain(newest);
    expect(mine).toHaveLength(21);
  });
});

describe('scannedAt (#19.7)', () => {
  it('is refused with 400 beyond 5 minutes ahead of the server or 31 days back, appending nothing', async () => {
    const user = await createUser({ verified: true });
    now = new Date('2026-06-15T12:00:00.000Z');
    for (const scannedAt of ['9999-12-31T00:00:00.000Z', '2026-05-01T00:00:00.000Z']) {
      const res = await scan(user.idToken, productId, scannedAt);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect((await stats(user.idToken)).scansThisMonth).toBe(0);
    expect((await scan(user.idToken, productId, '2026-06-01T08:00:00.000Z')).status).toBe(201);
  });
});
