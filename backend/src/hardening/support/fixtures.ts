import { expect } from 'vitest';
import { START } from '@labelwise/event-store';
import { createUser, type TestUser } from '../../testing/emulator-users';
import type { TestServer } from '../../testing/test-server';
import { caughtUp } from '../../testing/catalogue-fixtures';

/** How many events the store holds: a refused request must not change it. */
export const countEvents = (server: TestServer) => server.ctx.store.countEventsAfter(START, 1_000_000_000);

/** A user who has already made a request (so `UserRegistered` is behind us). */
export async function registeredUser(
  server: TestServer,
  options: { verified?: boolean; admin?: boolean } = {},
): Promise<TestUser> {
  const user = await createUser({ verified: options.verified ?? true, admin: options.admin });
  expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
  await caughtUp(server, ['user_profiles']);
  return user;
}

let barcodes = 0;

/** A product created through the API (spec §7 POST /api/products); returns its id. */
export async function createdProduct(
  server: TestServer,
  user: TestUser,
  product: { name: string; ingredients: string; barcode?: string },
): Promise<number> {
  const res = await server.api('/api/products', {
    method: 'POST',
    token: user.idToken,
    body: {
      brand: 'Test Brand',
      barcode: `MANUAL_${Date.now()}${++barcodes}`,
      description: '',
      weight: '',
      rating: 'green',
      ...product,
    },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
