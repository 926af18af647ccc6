import { expect } from 'vitest';
import { START } from '../event-store/port';
import { createUser, type TestUser } from './emulator-users';
import type { ApiResponse, TestServer } from './test-server';

/** How many events the store holds: a refused request must not change it. */
export const countEvents = (server: TestServer) => server.ctx.store.countEventsAfter(START, 1_000_000_000);

/**
 * A user who has already made a request (so `UserRegistered` is behind us), optionally with a
 * username, settled in user_profiles.
 */
export async function registeredUser(
  server: TestServer,
  options: { verified?: boolean; username?: string } = {},
): Promise<TestUser> {
  const user = await createUser({ verified: options.verified ?? true });
  expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
  if (options.username) {
    const res = await server.api('/api/user/username', {
      method: 'PATCH',
      token: user.idToken,
      body: { username: options.username },
    });
    expect(res.status).toBe(200);
  }
  await server.ctx.readYourWrites(['user_profiles'], await server.ctx.store.headPosition());
  return user;
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
}

let manualScans = 0;

/** Spec §7 POST /api/products; a manual-scan barcode unless one is given. */
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

/** Spec §7 POST /api/reviews. */
export function postReview(server: TestServer, user: TestUser, review: NewReview): Promise<ApiResponse> {
  return server.api('/api/reviews', {
    method: 'POST',
    token: user.idToken,
    body: { title: null, isVerifiedPurchase: true, ...review },
  });
}
