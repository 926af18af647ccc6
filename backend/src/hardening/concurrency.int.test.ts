import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import {
  requestApi,
  serveWithWorker,
  startTestServer,
  testEnv,
  type TestServer,
} from '../../testing/test-server';
import { caughtUp, createdProduct, registeredUser } from '../../testing/catalogue-fixtures';

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

describe('concurrent reviews by the same user, each with its own Idempotency-Key (#37.3)', () => {
  // One API process runs a stream's commands in turn, so the refusals come from others sharing its
  // database: five processes, each losing races to the other four until its retries run out.
  let processes: TestServer[] = [];
  beforeAll(async () => {
    const databaseUrl = server.ctx.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('the test server names no database');
    const env = testEnv({ DATABASE_URL: databaseUrl, RATE_LIMIT_WRITES_PER_USER: '0' });
    const others = await Promise.all(
      Array.from({ length: 4 }, () =>
        serveWithWorker(env, (baseUrl) => (path, request) => requestApi(baseUrl, path, request)),
      ),
    );
    processes = [server, ...others];
  });
  afterAll(async () => {
    await Promise.all(processes.slice(1).map((other) => other.stop()));
  });

  it('keeps no "try again": every one refused with 409 CONCURRENT_UPDATE runs again when retried with its key', async () => {
    const author = await registeredUser(server);
    const productId = await createdProduct(server, author, { name: 'Retry bar', ingredients: 'oats' });
    const sends = Array.from({ length: 60 }, (_, i) => {
      const headers = { 'Idempotency-Key': randomUUID() };
      const body = {
        productId,
        rating: 1 + (i % 5),
        title: null,
        comment: `Edit ${i}`,
        isVerifiedPurchase: true,
      };
      const api = processes[i % processes.length]!;
      return () => api.api('/api/reviews', { method: 'POST', token: author.idToken, body, headers });
    });
    const first = await Promise.all(sends.map((send) => send()));
    expect(first.every((answer) => [200, 201, 409].includes(answer.status))).toBe(true);
    const conflicted = sends.filter((_, i) => first[i]!.body.error === 'CONCURRENT_UPDATE');
    expect(conflicted.length).toBeGreaterThan(0);

    const retried = [];
    for (const send of conflicted) retried.push(await send());
    expect(retried.map((answer) => answer.status)).toEqual(conflicted.map(() => 200));
    expect(retried.every((answer) => answer.headers.get('idempotent-replayed') === null)).toBe(true);
    // The retry's answer is the one kept: the next retry with that key gets it again.
    const again = await conflicted[0]!();
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: retried[0]!.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    console.warn(
      `60 concurrent reviews by one user over five API processes, each with its own key: ${conflicted.length} answered 409 CONCURRENT_UPDATE; retried with their keys, ${retried.filter((answer) => answer.status === 200).length} answered 200`,
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
