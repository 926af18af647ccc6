import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import {
  countEvents,
  createdProduct,
  expectRefused,
  moderate as moderateAs,
  postReview,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let now = new Date('2026-06-01T09:00:00.000Z');
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let productId: number;

const REVIEW_NOT_FOUND = { status: 404, error: 'REVIEW_NOT_FOUND', message: 'Review not found' };

/** Each request happens a minute after the previous one. */
beforeEach(() => {
  now = new Date(now.getTime() + 60_000);
});

const reviewsOf = async (id: number) => {
  const res = await server.api(`/api/reviews/product/${id}`);
  expect(res.status).toBe(200);
  return res.body as Array<Record<string, unknown>>;
};
const vote = (user: TestUser, reviewId: string, body: unknown) =>
  server.api(`/api/reviews/${reviewId}/vote`, { method: 'POST', token: user.idToken, body });
const moderate = (path: string, body: unknown, method = 'POST') =>
  moderateAs(server, admin, path, body, method);

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  [admin, alice, bob] = await Promise.all([
    createUser({ admin: true, verified: true }),
    registeredUser(server, { username: 'alice_reviews' }),
    registeredUser(server, { username: 'bob_reviews' }),
  ]);
  productId = await createdProduct(server, alice, {
    name: 'Review Test Granola',
    ingredients: 'Oats, honey, almonds',
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/reviews and GET /api/reviews/product/{id}', () => {
  it('answers an empty list for a product without reviews', async () => {
    expect(await reviewsOf(productId)).toEqual([]);
  });

  it('posts a review with the author’s username, newest first in the list', async () => {
    // Alice scanned the product, so the server verifies her purchase; Bob's claim is not taken.
    const scan = await server.api('/api/users/scanned-products', {
      method: 'POST',
      token: alice.idToken,
      body: { productId, scannedAt: now.toISOString() },
    });
    expect(scan.status).toBe(201);
    const first = await postReview(server, alice, {
      productId,
      rating: 4,
      title: 'Crunchy',
      comment: 'Nice with yogurt.',
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{20}$/),
      productId,
      rating: 4,
      title: 'Crunchy',
      comment: 'Nice with yogurt.',
      username: 'alice_reviews',
      isVerifiedPurchase: true,
      createdAt: now.toISOString(),
      helpfulVotes: 0,
      unhelpfulVotes: 0,
    });
    now = new Date(now.getTime() + 60_000);
    const second = await postReview(server, bob, {
      productId,
      rating: 2,
      comment: '  Too sweet.  ',
      isVerifiedPurchase: true,
    });
    expect(second.body).toMatchObject({
      title: null,
      comment: 'Too sweet.',
      username: 'bob_reviews',
      isVerifiedPurchase: false,
    });

    expect(await reviewsOf(productId)).toEqual([second.body, first.body]);
    const [event] = await server.ctx.store.readStream(streams.review(first.body.id));
    expect(event).toMatchObject({
      type: 'ReviewPosted',
      data: { productId, authorUid: alice.uid, rating: 4 },
    });
  });

  it('names an author without a username “Anonymous User”', async () => {
    const nameless = await registeredUser(server);
    const res = await postReview(server, nameless, { productId, rating: 5, title: '', comment: 'Lovely.' });
    expect(res.body).toMatchObject({ username: 'Anonymous User', title: null });
  });

  it('revises the author’s review on a second post instead of adding one', async () => {
    const reviewer = await registeredUser(server, { username: 'reviser' });
    const first = await postReview(server, reviewer, { productId, rating: 1, comment: 'Stale.' });
    const revised = await postReview(server, reviewer, {
      productId,
      rating: 3,
      title: 'Better batch',
      comment: 'Fresh this time.',
    });
    expect(revised.status).toBe(200);
    expect(revised.body).toEqual({
      ...first.body,
      rating: 3,
      title: 'Better batch',
      comment: 'Fresh this time.',
    });
    expect((await reviewsOf(productId)).filter((review) => review.username === 'reviser')).toEqual([
      revised.body,
    ]);
    const events = await server.ctx.store.readStream(streams.review(first.body.id));
    expect(events.map((event) => event.type)).toEqual(['ReviewPosted', 'ReviewRevised']);
  });

  it.each([
    [{ rating: 0 }, 'rating: must be from 1 to 5'],
    [{ rating: 6 }, 'rating: must be from 1 to 5'],
    [{ rating: 3.5 }, 'rating: must be a whole number of stars'],
    [{ rating: '4' }, /^rating: /],
    [{ title: 't'.repeat(101) }, 'title: must be at most 100 characters'],
    [{ comment: '   ' }, 'comment: is required'],
    [{ comment: 'c'.repeat(1001) }, 'comment: must be at most 1000 characters'],
    [{ productId: 'one' }, /^productId: /],
    [{ isVerifiedPurchase: 'yes' }, /^isVerifiedPurchase: /],
    [{ author: 'someone else' }, /author/],
  ])('refuses %j with 400, appending nothing', async (change, message) => {
    await expectRefused(
      server,
      () => postReview(server, alice, { productId, rating: 4, comment: 'Fine.', ...change } as never),
      {
        status: 400,
        error: 'VALIDATION_ERROR',
        message,
      },
    );
  });

  it('answers 404 for reviews of an unknown product and 400 for a malformed id', async () => {
    const notFound = { status: 404, error: 'PRODUCT_NOT_FOUND', message: 'Product not found' };
    await expectRefused(
      server,
      () => postReview(server, alice, { productId: 999999, rating: 4, comment: 'Ghost.' }),
      notFound,
    );
    await expectRefused(server, () => server.api('/api/reviews/product/999999'), notFound);
    await expectRefused(server, () => server.api('/api/reviews/product/abc'), {
      status: 400,
      error: 'INVALID_PRODUCT_ID',
    });
  });

  it('needs a signed-in user with a verified email', async () => {
    const body = { productId, rating: 4, title: null, comment: 'Hello', isVerifiedPurchase: true };
    await expectRefused(server, () => server.api('/api/reviews', { method: 'POST', body }), {
      status: 401,
      error: 'UNAUTHENTICATED',
    });
    const unverified = await registeredUser(server, { verified: false });
    await expectRefused(server, () => postReview(server, unverified, body), {
      status: 403,
      error: 'EMAIL_NOT_VERIFIED',
    });
  });
});

describe('POST /api/reviews/{id}/vote', () => {
  let product: number;
  let reviewId: string;
  let voter: TestUser;

  beforeAll(async () => {
    product = await createdProduct(server, alice, { name: 'Vote Test Muesli', ingredients: 'Oats, raisins' });
    reviewId = (await postReview(server, alice, { productId: product, rating: 5, comment: 'Great.' })).body
      .id;
    voter = await registeredUser(server);
  });

  it('counts one vote per user, a new vote replacing the old one', async () => {
    expect((await vote(bob, reviewId, { helpful: true })).body).toMatchObject({
      id: reviewId,
      helpfulVotes: 1,
      unhelpfulVotes: 0,
    });
    const before = await countEvents(server);
    expect((await vote(bob, reviewId, { helpful: true })).body).toMatchObject({
      helpfulVotes: 1,
      unhelpfulVotes: 0,
    });
    expect(await countEvents(server)).toBe(before);
    expect((await vote(bob, reviewId, { helpful: false })).body).toMatchObject({
      helpfulVotes: 0,
      unhelpfulVotes: 1,
    });
    expect((await vote(voter, reviewId, { helpful: true })).body).toMatchObject({
      helpfulVotes: 1,
      unhelpfulVotes: 1,
    });
    expect(await reviewsOf(product)).toEqual([
      expect.objectContaining({ id: reviewId, helpfulVotes: 1, unhelpfulVotes: 1 }),
    ]);
    const votes = (await server.ctx.store.readStream(streams.review(reviewId))).filter(
      (event) => event.type === 'ReviewVoted',
    );
    expect(votes.map((event) => event.data)).toEqual([
      { reviewId, voterUid: bob.uid, helpful: true },
      { reviewId, voterUid: bob.uid, helpful: false },
      { reviewId, voterUid: voter.uid, helpful: true },
    ]);
  });

  it('refuses votes on one’s own review, unknown reviews and bad bodies', async () => {
    await expectRefused(server, () => vote(alice, reviewId, { helpful: true }), {
      status: 403,
      error: 'OWN_REVIEW',
    });
    await expectRefused(server, () => vote(bob, 'ffffffffffffffffffff', { helpful: true }), REVIEW_NOT_FOUND);
    await expectRefused(server, () => vote(bob, 'not-a-review', { helpful: true }), REVIEW_NOT_FOUND);
    await expectRefused(server, () => vote(bob, reviewId, { helpful: 'yes' }), {
      status: 400,
      error: 'VALIDATION_ERROR',
      message: /^helpful: /,
    });
    await expectRefused(server, () => vote(bob, reviewId, {}), {
      status: 400,
      error: 'VALIDATION_ERROR',
      message: /^helpful: /,
    });
    await expectRefused(
      server,
      () => server.api(`/api/reviews/${reviewId}/vote`, { method: 'POST', body: { helpful: true } }),
      {
        status: 401,
        error: 'UNAUTHENTICATED',
      },
    );
  });
});

describe('moderation', () => {
  let product: number;

  beforeAll(async () => {
    product = await createdProduct(server, alice, {
      name: 'Moderation Test Bar',
      ingredients: 'Dates, cashews',
    });
  });

  it('never shows a hidden review, nor lets anyone vote on it, until it is restored', async () => {
    const review = (
      await postReview(server, bob, { productId: product, rating: 1, comment: 'Spam spam spam.' })
    ).body;
    await moderate(`/reviews/${review.id}`, { hidden: true, reason: 'Spam' }, 'PUT');
    expect(await reviewsOf(product)).toEqual([]);
    await expectRefused(server, () => vote(alice, review.id, { helpful: false }), REVIEW_NOT_FOUND);

    await moderate(`/reviews/${review.id}`, { hidden: false }, 'PUT');
    expect(await reviewsOf(product)).toEqual([review]);
  });

  it('shows no reviews of a suspended user, and refuses their reviews and votes', async () => {
    const troll = await registeredUser(server, { username: 'troll' });
    const review = (await postReview(server, troll, { productId: product, rating: 1, comment: 'Awful.' }))
      .body;
    const other = (await postReview(server, alice, { productId: product, rating: 5, comment: 'Tasty.' }))
      .body;
    await moderate(`/users/${troll.uid}/suspend`, { reason: 'Abuse' });

    expect((await reviewsOf(product)).map((r) => r.id)).not.toContain(review.id);
    const suspended = { status: 403, error: 'USER_SUSPENDED' };
    await expectRefused(
      server,
      () => postReview(server, troll, { productId: product, rating: 1, comment: 'Again.' }),
      suspended,
    );
    await expectRefused(server, () => vote(troll, other.id, { helpful: false }), suspended);

    await moderate(`/users/${troll.uid}/reinstate`, {});
    expect((await reviewsOf(product)).map((r) => r.id)).toContain(review.id);
  });
});
