import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { projections, rebuildProjection } from '@labelwise/projections';
import type { TestUser } from '../../testing/emulator-users';
import {
  caughtUp,
  createdProduct,
  postedReview,
  recordScan,
  registeredUser,
} from '../../testing/catalogue-fixtures';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { nodeArgsFor } from '@labelwise/runtime/testing';

/**
 * Issue 47, part 1: a read model that still meets an event it cannot apply says which one, in
 * `/api/health` and the console, while the others go on; an operator moves it past with a recorded
 * command (`npm run projections -- skip`, or the console), and rebuilds leave the event out.
 * The event here is a review the `reviews` table refuses by a constraint added for the test.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const POISON = 'poison for the test';

let server: TestServer;
let member: TestUser;
let other: TestUser;
let admin: TestUser;
let productId: number;

const projectionsCli = (...args: string[]) =>
  run(process.execPath, [...nodeArgsFor('projections/src/cli/main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: server.ctx.env.DATABASE_URL },
  });

async function reviewsHealth(token?: string) {
  const health = await server.api('/api/health', { token });
  type Row = { name: string; state: string; failingEvent: { position: string } | null };
  return (health.body.projections as Row[]).find((p) => p.name === 'reviews')!;
}

async function parkedReviews() {
  await expect
    .poll(async () => (await reviewsHealth(admin.idToken)).state, { timeout: 15_000 })
    .toBe('parked');
  return reviewsHealth(admin.idToken);
}

const comments = async () =>
  ((await server.api(`/api/reviews/product/${productId}`)).body as { comment: string }[]).map(
    (r) => r.comment,
  );

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_WRITES_PER_USER: '0' } });
  [member, other, admin] = await Promise.all([
    registeredUser(server),
    registeredUser(server),
    registeredUser(server, { admin: true }),
  ]);
  productId = await createdProduct(server, member, { name: 'Stuck oats', ingredients: 'oats' });
  await caughtUp(server, ['reviews']);
  await sql`alter table reviews add constraint poison_for_the_test check (comment <> ${sql.lit(POISON)})`.execute(
    server.ctx.db,
  );
});
afterAll(() => server?.stop());

describe('a projection stopped at an event', () => {
  let position: string;

  it('says which event in /api/health (its stream only to administrators) and the console', async () => {
    const reviewId = await postedReview(server, member, { productId, rating: 1, comment: POISON });
    const parked = await parkedReviews();
    const [poison] = await server.ctx.store.readStream(streams.review(reviewId));
    position = `${poison!.position.commit}/${poison!.position.prepare}`;
    expect(parked).toMatchObject({
      state: 'parked',
      lastError: expect.stringContaining('poison_for_the_test'),
      failingEvent: { id: poison!.id, position, stream: `review-${reviewId}`, type: 'ReviewPosted' },
    });
    expect(await reviewsHealth()).toMatchObject({
      state: 'parked',
      lastError: null,
      failingEvent: { id: poison!.id, position, stream: null, type: 'ReviewPosted' },
    });
    const consoleRow = await server.api('/api/admin/projections/reviews', { token: admin.idToken });
    expect(consoleRow.body).toMatchObject({ state: 'parked', failingEvent: parked.failingEvent });
  });

  it('while the other read models go on', async () => {
    await recordScan(server, other, productId);
    await caughtUp(server, ['user_scans', 'product_ratings', 'user_profiles']);
    const history = await server.api('/api/users/scanned-products', { token: other.idToken });
    expect(history.body.map((scan: { id: number }) => scan.id)).toContain(productId);
  });

  it('`npm run projections -- skip` moves it past the event, recorded with who and why', async () => {
    const status = await projectionsCli('status');
    expect(status.stdout).toMatch(new RegExp(`reviews .*parked.*${position} ReviewPosted review-`));
    const skipped = await projectionsCli(
      'skip',
      'reviews',
      position,
      '--reason',
      'A review the test made unstorable',
    );
    expect(skipped.stdout).toContain(`reviews skips event`);

    await postedReview(server, other, { productId, rating: 5, comment: 'After the skip' });
    await caughtUp(server, ['reviews']);
    expect(await comments()).toEqual(['After the skip']);
    expect((await reviewsHealth(admin.idToken)).state).toBe('running');
    const [recorded] = await server.ctx.store.readStream(streams.projectionSkips());
    expect(recorded).toMatchObject({
      type: 'ProjectionEventSkipped',
      data: { projection: 'reviews', position, reason: 'A review the test made unstorable' },
      metadata: { actor: expect.stringMatching(/^cli:/) },
    });
  });

  it('the console moves it past the next one, recorded with the administrator', async () => {
    await postedReview(server, admin, { productId, rating: 2, comment: POISON });
    const { failingEvent } = await parkedReviews();
    const skip = (body: unknown) =>
      server.api('/api/admin/projections/reviews/skips', { method: 'POST', token: admin.idToken, body });
    expect((await skip({ position: '1/1', reason: 'wrong one' })).body).toMatchObject({
      error: 'NOT_STOPPED_AT_EVENT',
    });
    expect((await skip({ position: failingEvent!.position })).status).toBe(400);
    const skipped = await skip({ position: failingEvent!.position, reason: 'Unstorable again' });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ name: 'reviews', failingEvent: null });
    const recorded = await server.ctx.store.readStream(streams.projectionSkips());
    expect(recorded.at(-1)).toMatchObject({
      metadata: { actor: admin.uid },
      data: { reason: 'Unstorable again' },
    });
  });

  it('a rebuild leaves the skipped events out, though its new table would take them', async () => {
    const reviews = projections.find((p) => p.name === 'reviews')!;
    await rebuildProjection({ db: server.ctx.db, store: server.ctx.store, projection: reviews });
    await caughtUp(server, ['reviews']);
    expect(await comments()).toEqual(['After the skip']);
  });
});
