import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS, streams } from '@labelwise/domain';
import { importedProduct } from '@labelwise/domain/testing';
import { appendAsOlderVersion, sampleMetadata } from '@labelwise/event-store/testing';
import { projections, rebuildProjection, type ProjectionName } from '@labelwise/projections';
import { setDisplayName, createUser, type TestUser } from '../../testing/emulator-users';
import {
  caughtUp,
  createdProduct,
  expectRefused,
  postReview,
  postedReview,
  registeredUser,
} from '../../testing/catalogue-fixtures';
import { startTestServer, type ApiResponse, type TestServer } from '../../testing/test-server';

/**
 * Issue 47, part 1: one character stopped a read model for good. A NUL or half a surrogate pair in
 * anything a user sends is refused where it enters, text longer than a read model indexes is cut
 * to fit, and events older versions accepted (a NUL sealed in a review, a megabyte of product name)
 * are stored by every read model, live and rebuilt.
 */
let server: TestServer;
let member: TestUser;
let admin: TestUser;
let productId: number;
let reviewId: string;

const READ_MODELS: ProjectionName[] = ['reviews', 'user_profiles', 'product_cards', 'product_ratings'];

/** The projections that are not running, with what stopped them. */
async function stopped() {
  const health = await server.api('/api/health', { token: admin.idToken });
  return (health.body.projections as { name: string; state: string; lastError: string | null }[]).filter(
    (p) => p.state !== 'running',
  );
}

beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMIT_WRITES_PER_USER: '0', RATE_LIMIT_WRITES_PER_IP: '0' },
  });
  [member, admin] = await Promise.all([registeredUser(server), registeredUser(server, { admin: true })]);
  productId = await createdProduct(server, member, { name: 'Poison oats', ingredients: 'oats, honey' });
  reviewId = await postedReview(server, member, { productId, rating: 4, comment: 'Fine oats' });
});
afterAll(() => server?.stop());

describe('text from users, where it enters', () => {
  const nul = 'x \u0000';
  const half = 'half \ud83c a cookie';
  const cases: { what: string; field: string; send: () => Promise<ApiResponse> }[] = [
    {
      what: 'a review comment (the issue: 201, then the reviews read model stopped for everyone)',
      field: 'comment',
      send: () => postReview(server, member, { productId, rating: 5, comment: nul }),
    },
    {
      what: 'a review title',
      field: 'title',
      send: () => postReview(server, member, { productId, rating: 5, comment: 'ok', title: half }),
    },
    {
      what: 'a username',
      field: 'username',
      send: () =>
        server.api('/api/user/username', {
          method: 'PATCH',
          token: member.idToken,
          body: { username: `ab${nul}` },
        }),
    },
    {
      what: "a product's name",
      field: 'name',
      send: () =>
        server.api('/api/products', {
          method: 'POST',
          token: member.idToken,
          body: {
            name: `Oats${nul}`,
            ingredients: 'oats',
            brand: '',
            barcode: '',
            description: '',
            weight: '',
          },
        }),
    },
    {
      what: 'a search',
      field: 'q',
      send: () => server.api(`/api/products/search?q=${encodeURIComponent(nul)}`),
    },
    {
      what: "a suspension's reason",
      field: 'reason',
      send: () =>
        server.api(`/api/admin/users/${member.uid}/suspend`, {
          method: 'POST',
          token: admin.idToken,
          body: { reason: `spam${nul}` },
        }),
    },
    {
      what: "a hidden review's reason",
      field: 'reason',
      send: () =>
        server.api(`/api/admin/reviews/${reviewId}`, {
          method: 'PUT',
          token: admin.idToken,
          body: { hidden: true, reason: half },
        }),
    },
    {
      what: "an article's text",
      field: 'content',
      send: () =>
        server.api('/api/admin/articles', {
          method: 'POST',
          token: admin.idToken,
          body: { title: 'T', summary: '', imageUrl: '', category: 'Guides', content: `One${nul}` },
        }),
    },
    {
      what: "an account deletion's confirmation",
      field: 'confirm',
      send: () =>
        server.api('/api/user', {
          method: 'DELETE',
          token: member.idToken,
          body: { confirm: `DELETE${nul}` },
        }),
    },
  ];

  it.each(cases)(
    '$what: 400 INVALID_CHARACTERS naming the field, nothing recorded',
    async ({ field, send }) => {
      await expectRefused(server, send, {
        status: 400,
        error: 'INVALID_CHARACTERS',
        message: new RegExp(
          `^${field}: contains (a NUL character \\(U\\+0000\\)|half of a UTF-16 surrogate pair).*\\. Remove it and try again\\.$`,
        ),
      });
    },
  );

  it('leaves every read model running, and the next review shows', async () => {
    await postedReview(server, member, { productId, rating: 5, comment: 'Still crunchy' });
    await caughtUp(server, READ_MODELS);
    expect(await stopped()).toEqual([]);
    const reviews = await server.api(`/api/reviews/product/${productId}`);
    expect(reviews.body.map((r: { comment: string }) => r.comment)).toContain('Still crunchy');
  });

  it("a NUL in the identity provider's name for the user: 400 INVALID_DISPLAY_NAME; a long name is cut to fit", async () => {
    const eve = await createUser({ verified: true });
    const token = await setDisplayName(eve, 'Eve\u0000');
    const before = await server.ctx.store.countEventsAfter({ commit: 0n, prepare: 0n }, 1e9);
    const refused = await server.api('/api/user/profile', { token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'INVALID_DISPLAY_NAME',
      message:
        'The name on your sign-in account contains a NUL character (U+0000), which cannot be stored. Change the name on your account, then sign in again.',
    });
    expect(await server.ctx.store.countEventsAfter({ commit: 0n, prepare: 0n }, 1e9)).toBe(before);

    const renamed = await setDisplayName({ ...eve, idToken: token }, `Eve ${'e'.repeat(5000)}`);
    expect((await server.api('/api/user/profile', { token: renamed })).status).toBe(200);
    await caughtUp(server, ['user_profiles']);
    const profile = await server.api(`/api/admin/users/${eve.uid}`, { token: admin.idToken });
    expect(profile.body.displayName).toHaveLength(TEXT_LIMITS.displayName);
    expect(await stopped()).toEqual([]);
  });
});

describe('events older versions accepted', () => {
  let importedId: number;

  beforeAll(async () => {
    // As OFF's data could reach the store before the importer cut it: a megabyte of name, a
    // category of 5,000 characters (a B-tree entry holds 2,704 bytes).
    importedId = await server.ctx.allocateId('product');
    const huge = importedProduct(importedId, {
      name: 'Rye '.repeat(250_000),
      categories: ['breads', `c${'x'.repeat(5000)}`],
    });
    await server.ctx.store.append(
      streams.product(importedId),
      [{ type: 'ProductImported', data: huge, metadata: sampleMetadata }],
      { expectedRevision: 'no_stream' },
    );
    // As versions before the codec checked text sealed them: a NUL in a review and in a name.
    const pool = new pg.Pool({ connectionString: server.ctx.env.DATABASE_URL, max: 1 });
    try {
      const oldReview = `old-${Date.now()}`;
      await appendAsOlderVersion(pool, streams.review(oldReview), [
        {
          type: 'ReviewPosted',
          data: {
            reviewId: oldReview,
            productId,
            authorUid: member.uid,
            username: 'Old\u0000timer',
            rating: 3,
            title: 'Old \ud800',
            comment: 'x \u0000',
            isVerifiedPurchase: false,
            postedAt: new Date().toISOString(),
          },
          metadata: sampleMetadata,
        },
      ]);
      const uid = `older-${Date.now()}`;
      await appendAsOlderVersion(pool, streams.user(uid), [
        {
          type: 'UserRegistered',
          data: {
            uid,
            email: 'older@example.com',
            emailVerified: true,
            displayName: 'Eve\u0000',
            provider: 'password',
          },
          metadata: sampleMetadata,
        },
      ]);
    } finally {
      await pool.end();
    }
  });

  async function expectStored() {
    await caughtUp(server, READ_MODELS);
    expect(await stopped()).toEqual([]);
    const product = await server.api(`/api/products/${importedId}`);
    expect(product.status).toBe(200);
    expect(product.body.name).toBe('Rye '.repeat(50).slice(0, TEXT_LIMITS.productName));
    const reviews = await server.api(`/api/reviews/product/${productId}`);
    expect(reviews.body.map((r: { comment: string }) => r.comment)).toContain('x  ');
  }

  it('are stored by every read model, cut to fit and cleaned', expectStored);

  it('are stored again by a rebuild of each of those read models', async () => {
    for (const name of READ_MODELS) {
      const projection = projections.find((p) => p.name === name)!;
      await rebuildProjection({ db: server.ctx.db, store: server.ctx.store, projection });
    }
    await expectStored();
  });
});
