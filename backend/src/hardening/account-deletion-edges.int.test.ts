import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections, rebuildProjection, type ProjectionName } from '@labelwise/projections';
import type { TestUser } from '../../testing/emulator-users';
import {
  caughtUp,
  countEvents,
  createdProduct,
  expectRefused,
  moderate,
  registeredUser,
} from '../../testing/catalogue-fixtures';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Issue 47, part 5: the deletion endpoints take only their own fields, an administrator cannot
 * delete a uid that never existed, and a deleted account is neither Premium nor keeps its private
 * analyses in the catalogue's read model, live and after a rebuild.
 */
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_WRITES_PER_USER: '0' } });
  admin = await registeredUser(server, { admin: true });
});
afterAll(() => server?.stop());

const adminDelete = (uid: string, body: unknown) =>
  server.api(`/api/admin/users/${uid}/deletion`, { method: 'POST', token: admin.idToken, body });

async function rebuild(names: ProjectionName[]) {
  for (const name of names) {
    const projection = projections.find((p) => p.name === name)!;
    await rebuildProjection({ db: server.ctx.db, store: server.ctx.store, projection });
  }
}

describe('deletion requests', () => {
  it('refuse a field they do not know with 400, deleting nothing (keep_reviews was read as "remove them")', async () => {
    const user = await registeredUser(server);
    await expectRefused(
      server,
      () =>
        server.api('/api/user', {
          method: 'DELETE',
          token: user.idToken,
          body: { confirm: 'DELETE', keep_reviews: true },
        }),
      { status: 400, error: 'VALIDATION_ERROR', message: /keep_reviews/ },
    );
    await expectRefused(
      server,
      () => adminDelete(user.uid, { confirm: 'DELETE', reason: 'Asked by email', keep_reviews: true }),
      { status: 400, error: 'VALIDATION_ERROR', message: /keep_reviews/ },
    );
    expect((await server.api('/api/user/profile', { token: user.idToken })).status).toBe(200);
  });

  it('an administrator deleting a uid that never existed: 404, nothing recorded', async () => {
    await expectRefused(
      server,
      () => adminDelete('never-existed-4711', { confirm: 'DELETE', reason: 'Asked by email' }),
      { status: 404, error: 'USER_NOT_FOUND' },
    );
  });
});

describe('a deleted account', () => {
  let premium: TestUser;
  let privateScan: number;
  let premiumBefore: number;

  const dashboardPremium = async () =>
    (await server.api('/api/admin/dashboard', { token: admin.idToken })).body.users.premium as number;

  beforeAll(async () => {
    premiumBefore = await dashboardPremium();
    premium = await registeredUser(server);
    const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await moderate(server, admin, `/users/${premium.uid}/premium`, { plan: 'yearly', periodEnd });
    privateScan = await createdProduct(server, premium, {
      name: 'Manual Analysis',
      ingredients: 'my own secret recipe: oats, honey',
    });
    await caughtUp(server, ['user_profiles', 'product_cards']);
    expect(await dashboardPremium()).toBe(premiumBefore + 1);
    const before = await countEvents(server);
    const deleted = await adminDelete(premium.uid, { confirm: 'DELETE', reason: 'Asked by email' });
    expect(deleted.status).toBe(200);
    expect(await countEvents(server)).toBeGreaterThan(before);
    await caughtUp(server, ['user_profiles', 'product_cards']);
  });

  async function expectGone() {
    const page = await server.api(`/api/admin/users/${premium.uid}`, { token: admin.idToken });
    expect(page.body).toMatchObject({ deleted: true, isPremium: false, premiumUntil: null, email: null });
    const list = await server.api(
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [premium.uid] }))}`,
      { token: admin.idToken },
    );
    expect(list.body).toEqual([
      expect.objectContaining({ id: premium.uid, deleted: true, isPremium: false }),
    ]);
    const premiumList = await server.api(
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ premium: 'true' }))}`,
      { token: admin.idToken },
    );
    expect(premiumList.body.map((user: { id: string }) => user.id)).not.toContain(premium.uid);
    expect(await dashboardPremium()).toBe(premiumBefore);
    const row = await server.ctx.db
      .selectFrom('user_profiles')
      .select(['premium_until', 'erased'])
      .where('uid', '=', premium.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ premium_until: null, erased: true });
    // The private analysis left the catalogue's read model.
    expect((await server.api(`/api/products/${privateScan}`)).status).toBe(404);
    const cards = await server.ctx.db
      .selectFrom('product_cards')
      .select('id')
      .where('id', '=', privateScan)
      .execute();
    expect(cards).toEqual([]);
  }

  it(
    'is not Premium in user_profiles, the console (list, page, dashboard), and its private analyses leave product_cards',
    expectGone,
  );

  it('stays so after a rebuild of those read models', async () => {
    await rebuild(['user_profiles', 'product_cards']);
    await expectGone();
  });
});
