import { expect } from 'vitest';
import type { ProjectionName } from '@labelwise/projections';
import { START, type Position } from '@labelwise/event-store';
import { waitForProjections } from '@labelwise/projections';
import { createUser, type TestUser } from './emulator-users';
import type { ApiResponse, TestServer } from './test-server';

/** How many events the store holds: a refused request must not change it. */
export const countEvents = (server: Pick<TestServer, 'ctx'>) =>
  server.ctx.store.countEventsAfter(START, 1_000_000_000);

/**
 * A user who has already made a request (so `UserRegistered` is behind us), optionally an
 * administrator or with a username, settled in user_profiles.
 */
export async function registeredUser(
  server: TestServer,
  options: { verified?: boolean; admin?: boolean; username?: string } = {},
): Promise<TestUser> {
  const user = await createUser({ verified: options.verified ?? true, admin: options.admin });
  expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
  if (options.username) {
    const res = await server.api('/api/user/username', {
      method: 'PATCH',
      token: user.idToken,
      body: { username: options.username },
    });
    expect(res.status).toBe(200);
  }
  await caughtUp(server, ['user_profiles']);
  return user;
}

/** A loaded CI machine may take seconds; a read model still behind after this fails the test. */
const CATCH_UP_TIMEOUT_MS = 30_000;

/**
 * Waits until these read models hold every event appended so far (or up to `position`), and fails
 * the test if they do not: unlike a request's read-your-writes, which answers after two seconds
 * whatever, a test must never go on to read a stale table.
 */
export async function caughtUp(
  server: Pick<TestServer, 'ctx'>,
  readModels: readonly ProjectionName[],
  position?: Position,
): Promise<void> {
  const head = position ?? (await server.ctx.store.headPosition());
  const { lagging } = await waitForProjections(server.ctx.db, readModels, head, CATCH_UP_TIMEOUT_MS);
  expect(lagging, 'read models still behind (or parked)').toEqual([]);
}

/** An administrator's request (`/api/admin` + `path`) that must succeed. */
export async function moderate(
  server: TestServer,
  admin: TestUser,
  path: string,
  body: unknown,
  method = 'POST',
): Promise<void> {
  const res = await server.api(`/api/admin${path}`, { method, token: admin.idToken, body });
  expect(res.status).toBe(200);
}

/** Sends a request that must be refused with `status` and exactly `{ error, message }`, appending no event. */
export async function expectRefused(
  server: TestServer,
  request: () => Promise<ApiResponse>,
  expected: { status: number; error: string; message?: string | RegExp },
): Promise<void> {
  const before = await countEvents(server);
  const res = await request();
  expect({ status: res.status, keys: Object.keys(res.body ?? {}).sort() }).toEqual({
    status: expected.status,
    keys: ['error', 'message'],
  });
  expect(res.body.error).toBe(expected.error);
  if (typeof expected.message === 'string') expect(res.body.message).toBe(expected.message);
  else if (expected.message) expect(res.body.message).toMatch(expected.message);
  expect(await countEvents(server)).toBe(before);
}

export interface NewProduct {
  name: string;
  ingredients: string;
  brand?: string;
  barcode?: string;
  description?: string;
  weight?: string;
  rating?: string;
  offConsent?: boolean;
}

/** An administrator takes a product off the catalogue. */
export const removeProduct = (server: TestServer, admin: TestUser, productId: number) =>
  moderate(server, admin, `/products/${productId}/remove`, { reason: 'Duplicate' });

/** Ingredient lists the server's analyser rates green, amber and red. */
export const RATED_INGREDIENTS = {
  green: 'Strawberries, lemon juice',
  amber: 'Strawberries, sugar, citric acid (E330)',
  red: 'Sugar, glucose syrup, colours (E102, E110, E129), preservative (E211), flavourings',
} as const;

let manualScans = 0;

/** `POST /api/products`; a manual-scan barcode unless one is given. */
export function postProduct(server: TestServer, user: TestUser, product: NewProduct): Promise<ApiResponse> {
  return server.api('/api/products', {
    method: 'POST',
    token: user.idToken,
    body: {
      brand: 'Test Brand',
      barcode: `MANUAL_${Date.now()}${++manualScans}`,
      description: '',
      weight: '',
      rating: 'green',
      ...product,
    },
  });
}

/** A product created through the API; returns its id. */
export async function createdProduct(
  server: TestServer,
  user: TestUser,
  product: NewProduct,
): Promise<number> {
  const res = await postProduct(server, user, product);
  expect(res.status).toBe(201);
  return res.body.id;
}

export interface NewReview {
  productId: number;
  rating: number;
  comment: string;
  title?: string | null;
  isVerifiedPurchase?: boolean;
}

/** `POST /api/users/scanned-products`, scanned now. */
export async function recordScan(server: TestServer, user: TestUser, productId: number): Promise<void> {
  const res = await server.api('/api/users/scanned-products', {
    method: 'POST',
    token: user.idToken,
    body: { productId, scannedAt: new Date().toISOString() },
  });
  expect(res.status).toBe(201);
}

/** `POST /api/reviews`. */
export function postReview(server: TestServer, user: TestUser, review: NewReview): Promise<ApiResponse> {
  return server.api('/api/reviews', {
    method: 'POST',
    token: user.idToken,
    body: { title: null, isVerifiedPurchase: true, ...review },
  });
}

/** A review posted (or revised) through the API; returns its id. */
export async function postedReview(server: TestServer, user: TestUser, review: NewReview): Promise<string> {
  const res = await postReview(server, user, review);
  expect([200, 201]).toContain(res.status);
  return res.body.id;
}
