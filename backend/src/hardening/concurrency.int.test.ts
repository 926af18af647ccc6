import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { startTestServer, type TestServer } from '../testing/test-server';
import { caughtUp, createdProduct, registeredUser } from '../testing/catalogue-fixtures';

/**
 * Issue 13, concurrency. Already covered beside their features (not repeated here):
 * 50 concurrent scans of one free user (accounts/scans.int.test.ts), concurrent username claims
 * (accounts/profile.int.test.ts), a webhook delivered five times at once (payments/stripe).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_WRITES_PER_USER: '0' } });
});
afterAll(async () => {
  await server?.stop();
});

describe('concurrent review edits by the same user', () => {
  it('leaves exactly one review, holding one of the texts sent', async () => {
    const author = await registeredUser(server);
    const productId = await createdProduct(server, author, { name: 'Race bar', ingredients: 'oats' });
    const comments = Array.from({ length: 20 }, (_, i) => `Edit number ${i}`);
    const answers = await Promise.all(
      comments.map((comment, i) =>
        server.api('/api/reviews', {
          method: 'POST',
          token: author.idToken,
          body: { productId, rating: 1 + (i % 5), title: null, comment, isVerifiedPurchase: true },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const ids = new Set(answers.filter((r) => r.status < 300).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const [reviewId] = [...ids];
    const events = await server.ctx.store.readStream(streams.review(reviewId));
    expect(events.filter((e) => e.type === 'ReviewPosted')).toHaveLength(1);

    await caughtUp(server, ['reviews']);
    const listed = (await server.api(`/api/reviews/product/${productId}`)).body as Array<{
      id: string;
      comment: string;
    }>;
    expect(listed).toHaveLength(1);
    expect(comments).toContain(listed[0]!.comment);
    console.warn(
      `20 concurrent review edits by one user: ${JSON.stringify(statuses.reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {}))}, one review`,
    );
  });
});

describe('one user sending many usernames at once (#19.4)', () => {
  it('ends holding exactly the name it got: every refused claim is released for others', async () => {
    const squatter = await registeredUser(server);
    const names = Array.from({ length: 30 }, (_, i) => `squat_${i}_${squatter.uid.slice(0, 6)}`);
    const answers = await Promise.all(
      names.map((username) =>
        server.api('/api/user/username', { method: 'PATCH', token: squatter.idToken, body: { username } }),
      ),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const profile = await server.api('/api/user/profile', { token: squatter.idToken });
    const kept = profile.body.username;
    expect(names).toContain(kept);

    const other = await registeredUser(server);
    for (const username of names.filter((name) => name !== kept)) {
      const res = await server.api('/api/user/username', {
        method: 'PATCH',
        token: other.idToken,
        body: { username },
      });
      expect(res.status, `${username} should be free`).toBe(200);
    }
    const taken = await server.api('/api/user/username', {
      method: 'PATCH',
      token: other.idToken,
      body: { username: kept },
    });
    expect(taken.status).toBe(409);
  });
});
