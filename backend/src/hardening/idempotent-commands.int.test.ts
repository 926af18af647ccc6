import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { purgeIdempotentRequests } from '../db/idempotent-requests';
import { buildServer } from '../server/build';
import { countEvents } from '../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../testing/emulator-users';
import { requestApi, testEnv, type ApiRequest, type ApiResponse } from '../../testing/test-server';
import type { AppContext } from '../http/context';

/**
 * Issue #19.3: with no projection worker at all (every read model held back), commands answer
 * from what they wrote, and a retry with the same Idempotency-Key answers the same and appends
 * nothing, also on a second API instance.
 */

interface Instance {
  ctx: AppContext;
  call(path: string, request: ApiRequest & { key?: string }): Promise<ApiResponse>;
  stop(): Promise<void>;
}

/** The real API without a projection worker, so no read model moves. */
async function startWithoutWorker(databaseUrl: string): Promise<Instance> {
  const server = await buildServer({
    env: testEnv({ DATABASE_URL: databaseUrl }),
    logger: pino({ level: 'silent' }),
  });
  const http = server.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    ctx: server.ctx,
    call: (path, { key, headers, ...request }) =>
      requestApi(baseUrl, path, {
        ...request,
        headers: { ...headers, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
      }),
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await server.close();
    },
  };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: Instance;
let user: TestUser;

const streamLength = async (stream: string) => (await api.ctx.store.readStream(stream)).length;

let barcodes = 0;
const newBarcode = () => `77${String(Date.now()).slice(-9)}${++barcodes}`;
const product = (barcode: string) => ({
  name: 'Idempotent Oat Bar',
  brand: 'Retry Foods',
  barcode,
  ingredients: 'oats, honey, sea salt',
  description: '',
  weight: '40g',
});

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startWithoutWorker(database.url);
  user = await createUser({ verified: true });
});
afterAll(async () => {
  await api?.stop();
  await database?.drop();
});

async function createProduct(key: string, barcode = newBarcode()) {
  return api.call('/api/products', { method: 'POST', token: user.idToken, body: product(barcode), key });
}

describe('a command answers from what it wrote while the read models lag', () => {
  it('POST /api/products answers 201 with the product; a retry with the key answers the same and adds nothing', async () => {
    const barcode = newBarcode();
    const key = randomUUID();
    const first = await createProduct(key, barcode);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      ...product(barcode),
      rating: expect.any(String),
      id: expect.any(Number),
    });
    expect(first.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      await api.ctx.db.selectFrom('product_cards').select('id').where('barcode', '=', barcode).execute(),
    ).toEqual([]);

    const before = await countEvents(api);
    const retry = await createProduct(key, barcode);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await countEvents(api)).toBe(before);
    expect(await streamLength(streams.product(first.body.id))).toBe(1);
    expect(await streamLength(streams.barcode(barcode))).toBe(1);
  });

  it('POST /api/reviews answers 201 with the review; a retry, even after its stored answer is lost, appends nothing', async () => {
    const { body: created } = await createProduct(randomUUID());
    const key = randomUUID();
    const review = { productId: created.id, rating: 4, title: 'Chewy', comment: 'Good with tea.' };
    const post = () => api.call('/api/reviews', { method: 'POST', token: user.idToken, body: review, key });
    const first = await post();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      productId: created.id,
      rating: 4,
      title: 'Chewy',
      comment: 'Good with tea.',
      username: 'Anonymous User',
      helpfulVotes: 0,
      unhelpfulVotes: 0,
    });
    const stream = streams.review(first.body.id);
    expect(await streamLength(stream)).toBe(1);

    const retry = await post();
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(await streamLength(stream)).toBe(1);

    // The API died between appending and storing its answer: the retry runs again, and its events
    // carry the first run's ids, so the store keeps one review.
    await sql`delete from idempotent_requests where key = ${key}`.execute(api.ctx.db);
    const rerun = await post();
    expect(rerun.status).toBeLessThan(300);
    expect(rerun.body).toEqual(first.body);
    expect(await streamLength(stream)).toBe(1);
  });

  it('a product without a real barcode: a run again after the first died before answering gets the same id, one product', async () => {
    const key = randomUUID();
    const body = product(`MANUAL_${Date.now()}`);
    const post = () => api.call('/api/products', { method: 'POST', token: user.idToken, body, key });
    const first = await post();
    expect(first.status).toBe(201);
    // As the key stands when the API died after appending: running, its lease long over.
    await sql`update idempotent_requests set status = null, body = null, started_at = now() - interval '1 hour'
              where key = ${key}`.execute(api.ctx.db);
    const before = await countEvents(api);
    const rerun = await post();
    expect(rerun.status).toBeLessThan(300);
    expect(rerun.body).toEqual(first.body);
    expect(await countEvents(api)).toBe(before);
    expect(await streamLength(streams.product(first.body.id))).toBe(1);
  });

  it('PATCH /api/user/username answers the new name', async () => {
    const username = `retry_${Date.now() % 1e8}`;
    const res = await api.call('/api/user/username', {
      method: 'PATCH',
      token: user.idToken,
      body: { username },
      key: randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username, email: user.email, isPremium: false, scansThisMonth: 0 });
  });

  it("the console's POST /api/admin/articles answers 201 with the article (was 404 while the read model lagged)", async () => {
    const admin = await createUser({ verified: true, admin: true });
    const article = { title: 'Why retries', summary: '', imageUrl: '', category: 'Guides', content: 'Once.' };
    const key = randomUUID();
    const publish = () =>
      api.call('/api/admin/articles', { method: 'POST', token: admin.idToken, body: article, key });
    const first = await publish();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...article, withdrawn: false, id: expect.any(Number) });
    const retry = await publish();
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(await streamLength(streams.article(first.body.id))).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry on another API instance (a restart) from the stored answer, appending nothing', async () => {
    const key = randomUUID();
    const first = await createProduct(key);
    expect(first.status).toBe(201);
    const restarted = await startWithoutWorker(database.url);
    try {
      const before = await countEvents(api);
      const retry = await restarted.call('/api/products', {
        method: 'POST',
        token: user.idToken,
        body: product(first.body.barcode),
        key,
      });
      expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
      expect(await countEvents(api)).toBe(before);
    } finally {
      await restarted.stop();
    }
  });

  it('refuses the same key with a different body with 422 IDEMPOTENCY_KEY_REUSED, appending nothing', async () => {
    const key = randomUUID();
    expect((await createProduct(key)).status).toBe(201);
    const before = await countEvents(api);
    const reused = await createProduct(key);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      error: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await countEvents(api)).toBe(before);
  });

  it('refuses the key with 409 IDEMPOTENCY_KEY_IN_USE while its first request runs', async () => {
    const key = randomUUID();
    await sql`insert into idempotent_requests (principal, key, fingerprint)
              values (${`user:${user.uid}`}, ${key}, 'first request')`.execute(api.ctx.db);
    const before = await countEvents(api);
    const res = await createProduct(key);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await countEvents(api)).toBe(before);
  });

  it("ends a dead holder's lease within 30 s: a retry of a request that has not renewed it for 31 s runs", async () => {
    const key = randomUUID();
    const barcode = newBarcode();
    const fingerprinted = await createProduct(randomUUID(), barcode);
    expect(fingerprinted.status).toBe(201);
    // The row a process that died mid-request leaves: its fingerprint, no answer, a lease it no longer renews.
    await sql`insert into idempotent_requests (principal, key, fingerprint, started_at)
              select principal, ${key}, fingerprint, now() - interval '31 seconds' from idempotent_requests
              where principal = ${`user:${user.uid}`} and status is not null order by created_at desc limit 1`.execute(
      api.ctx.db,
    );
    const retry = await createProduct(key, barcode);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(fingerprinted.body.id);
  });

  it('renews the lease of a request that runs longer than one: its key stays in use, then answers once', async () => {
    const key = randomUUID();
    // Every read of the event log waits behind this lock, so the request runs as long as we hold it.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('begin; lock table events in access exclusive mode');
      const first = createProduct(key);
      const row = () =>
        sql<{ started_at: Date }>`select started_at from idempotent_requests
          where principal = ${`user:${user.uid}`} and key = ${key}`.execute(api.ctx.db);
      await expect.poll(async () => (await row()).rows.length).toBe(1);
      const claimedAt = (await row()).rows[0]!.started_at.getTime();
      await expect
        .poll(async () => (await row()).rows[0]!.started_at.getTime(), { timeout: 15_000, interval: 500 })
        .toBeGreaterThan(claimedAt);
      expect((await createProduct(key)).body.error).toBe('IDEMPOTENCY_KEY_IN_USE');
      await blocker.query('commit');
      expect((await first).status).toBe(201);
    } finally {
      await blocker.end();
    }
  });

  it('6 identical requests at once with one key: one runs, the others answer 409 or its answer; one review', async () => {
    const { body: created } = await createProduct(randomUUID());
    const key = randomUUID();
    const review = { productId: created.id, rating: 5, title: null, comment: 'Tapped six times.' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.call('/api/reviews', { method: 'POST', token: user.idToken, body: review, key }),
      ),
    );
    const posted = answers.filter((answer) => answer.status === 201);
    expect(posted.length).toBeGreaterThanOrEqual(1);
    expect(
      answers.every((answer) => answer.status === 201 || answer.body.error === 'IDEMPOTENCY_KEY_IN_USE'),
    ).toBe(true);
    expect(new Set(posted.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await streamLength(streams.review(posted[0]!.body.id))).toBe(1);
  });

  it('replays the same JSON with its keys in another order (not 422 IDEMPOTENCY_KEY_REUSED), appending nothing', async () => {
    const key = randomUUID();
    const sent = product(newBarcode());
    const first = await createProduct(key, sent.barcode);
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(sent).reverse());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(sent));
    const before = await countEvents(api);
    const retry = await api.call('/api/products', {
      method: 'POST',
      token: user.idToken,
      body: reordered,
      key,
    });
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await countEvents(api)).toBe(before);
  });

  it('tells POST /api/process-image photos apart by their bytes: another photo of the same length is 422, the same photo replays', async () => {
    const key = randomUUID();
    const [photo, other] = [randomBytes(3000), randomBytes(3000)];
    const send = (image: Buffer) =>
      api.call('/api/process-image', {
        method: 'POST',
        token: user.idToken,
        body: { image: image.toString('base64') },
        key,
      });
    const first = await send(photo);
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('INVALID_IMAGE');
    const reused = await send(other);
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    const replay = await send(photo);
    expect({ status: replay.status, body: replay.body }).toEqual({ status: 400, body: first.body });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps answers 24 hours: an older key counts as new, and the purge forgets it', async () => {
    const key = randomUUID();
    expect((await createProduct(key)).status).toBe(201);
    const age = async (hours: number) =>
      sql`update idempotent_requests set created_at = now() - make_interval(hours => ${hours})
          where key = ${key}`.execute(api.ctx.db);
    await age(23);
    expect((await createProduct(key)).status).toBe(422);
    expect(await purgeIdempotentRequests(api.ctx.db)).toBe(0);
    await age(25);
    expect((await createProduct(key)).status).toBe(201);
    await age(25);
    expect(await purgeIdempotentRequests(api.ctx.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await sql`select 1 from idempotent_requests where key = ${key}`.execute(api.ctx.db);
    expect(rows).toEqual([]);
  });

  it('refuses a key that is not 1-255 visible ASCII characters with 400, appending nothing', async () => {
    const before = await countEvents(api);
    for (const key of ['', 'two words', 'x'.repeat(256), 'tab\there']) {
      const res = await createProduct(key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body).toEqual({
        error: 'INVALID_IDEMPOTENCY_KEY',
        message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      });
    }
    expect(await countEvents(api)).toBe(before);
  });

  it('leaves requests without the header as they were: each creates its own product', async () => {
    // A scan without a product name is never merged with another (a named one would be, by label).
    const body = { ...product(`MANUAL_${Date.now()}`), name: 'Manual Analysis' };
    const [a, b] = [
      await api.call('/api/products', { method: 'POST', token: user.idToken, body }),
      await api.call('/api/products', { method: 'POST', token: user.idToken, body }),
    ];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
  });
});
