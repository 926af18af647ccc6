import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminOffContributionResponse,
  type AdminOffContributionResponse,
  type ImportedProduct,
} from '@labelwise/domain';
import {
  caughtUp,
  createdProduct,
  RATED_INGREDIENTS,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import type { TestUser } from '../../../testing/emulator-users';
import { importProducts } from '../../../testing/imported-products';
import { startOffStandIn, type OffStandIn } from '../../../testing/off-stand-in';
import { startTestServer, testEnv, type TestServer } from '../../../testing/test-server';
import { offReadApi } from '../off-live';
import { withSendsTable } from './contribution-sends';
import { retryDelayMs, sendDueContributions, type GiveBackOptions } from './give-back';
import { giveBackOptions } from './give-back-schedule';
import { OFF_CONTRIBUTION_COMMENT } from './off-write-api';

const CONTACT = 'mailto:off-contact@labelwise.test';
const USER_AGENT = `Labelwise/0.1.0 (${CONTACT})`;

let off: OffStandIn;
let server: TestServer;
let user: TestUser;
let now: Date;

beforeAll(async () => {
  off = await startOffStandIn({ products: [] });
  // The schedule stays off: each test runs the sender's passes itself, on its own clock.
  server = await startTestServer({ env: { OFF_API_URL: off.url, OFF_CONTACT: CONTACT } });
  user = await registeredUser(server);
});
afterAll(async () => {
  await server?.stop();
  await off?.stop();
});
beforeEach(() => {
  // The sender's clock, an hour past the labels' queueing (by the real clock) so they are due.
  now = new Date(Date.now() + 3_600_000);
  for (const part of ['write', 'product'] as const) off.fault(part, null);
});

const options = (overrides: Partial<GiveBackOptions> = {}): GiveBackOptions => ({
  write: {
    apiUrl: off.url,
    userAgent: USER_AGENT,
    userId: 'labelwise-app',
    password: 'app-secret',
    timeoutMs: 5000,
  },
  // The stand-in is on loopback.
  read: offReadApi({ apiUrl: off.url, userAgent: USER_AGENT, allowPrivateNetwork: true }),
  leaseMs: 10_000,
  maxAttempts: 3,
  ...overrides,
});
const pass = (overrides: Partial<GiveBackOptions> = {}) =>
  sendDueContributions({ db: server.ctx.db, store: server.ctx.store, clock: () => now }, options(overrides));

/** A GTIN with its check digit computed, unique per call. */
let serial = 0;
function realBarcode(): string {
  const body = `50001${String(Date.now() % 1e5).padStart(5, '0')}${String(++serial).padStart(2, '0')}`;
  const sum = [...body].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

async function labelled(offConsent: boolean, barcode = realBarcode()) {
  const id = await createdProduct(server, user, {
    name: 'Crunchy Oat Bar',
    brand: 'Oat Works',
    ingredients: RATED_INGREDIENTS.amber,
    barcode,
    offConsent,
  });
  await caughtUp(server, ['off_contributions']);
  return { id, barcode };
}

const writesOf = (code: string) => off.writes.filter((w) => w.code === code);
const sendOf = (productId: number) =>
  withSendsTable(server.ctx.db)
    .selectFrom('off_contribution_sends')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();

describe('giving labels back to Open Food Facts', () => {
  it('is off unless turned on, and then sends with the app account and the User-Agent OFF asks for', () => {
    expect(testEnv({}).OFF_CONTRIBUTE).toBe(false);
    const env = testEnv({
      OFF_CONTRIBUTE: 'true',
      OFF_CONTACT: CONTACT,
      OFF_USER_ID: 'labelwise-app',
      OFF_PASSWORD: 'app-secret',
      OFF_API_URL: 'https://off:off@world.openfoodfacts.net',
    });
    expect(giveBackOptions(env).write).toMatchObject({
      apiUrl: 'https://off:off@world.openfoodfacts.net',
      userAgent: USER_AGENT,
      userId: 'labelwise-app',
      password: 'app-secret',
    });
  });

  it('sends a consented label once, with only what the user typed, and the console shows it sent', async () => {
    const { id, barcode } = await labelled(true);
    expect(await pass()).toMatchObject({ sent: 1 });
    expect(writesOf(barcode)).toEqual([
      {
        code: barcode,
        user_id: 'labelwise-app',
        password: 'app-secret',
        lang: 'en',
        product_name: 'Crunchy Oat Bar',
        brands: 'Oat Works',
        ingredients_text_en: RATED_INGREDIENTS.amber,
        comment: OFF_CONTRIBUTION_COMMENT,
      },
    ]);
    const body = JSON.stringify(writesOf(barcode));
    for (const personal of [user.uid, user.email]) expect(body).not.toContain(personal);
    const post = off.requests.find((r) => r.method === 'POST');
    expect(post).toEqual({ method: 'POST', path: '/cgi/product_jqm2.pl', userAgent: USER_AGENT });

    expect(await pass()).toEqual({ sent: 0, rejected: 0, retrying: 0, failed: 0 });
    expect(writesOf(barcode)).toHaveLength(1);
    expect(await sendOf(id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      barcode,
      product_name: 'Crunchy Oat Bar',
      http_status: 200,
      answer: JSON.stringify({ status: 1, status_verbose: 'fields saved' }),
    });
  });

  it('never sends a label without consent', async () => {
    const { id, barcode } = await labelled(false);
    await pass();
    expect(writesOf(barcode)).toEqual([]);
    expect(await sendOf(id)).toBeUndefined();
  });

  it('sends only the ingredients of a label given to an unrated import (its name is OFF’s own)', async () => {
    const [unrated] = (await importProducts(server, [
      {
        code: realBarcode(),
        name: 'Tisane camomille',
        ingredientsText: null,
        unratedReason: 'ingredients not in English',
      },
    ])) as [ImportedProduct];
    const res = await server.api(`/api/products/${unrated.productId}/label`, {
      method: 'POST',
      token: user.idToken,
      body: { ingredients: 'Chamomile flowers', offConsent: true },
    });
    expect(res.status).toBe(200);
    await caughtUp(server, ['off_contributions']);
    await pass();
    expect(writesOf(unrated.code)).toEqual([
      expect.objectContaining({ code: unrated.code, ingredients_text_en: 'Chamomile flowers', lang: 'en' }),
    ]);
    expect(writesOf(unrated.code)[0]).not.toHaveProperty('product_name');
  });

  it('retries after OFF fails (500), after the back-off, and sends once', async () => {
    const { id, barcode } = await labelled(true);
    off.fault('write', { kind: 'status', status: 500 });
    expect(await pass()).toMatchObject({ retrying: 1 });
    expect(await sendOf(id)).toMatchObject({ state: 'queued', attempts: 1, http_status: 500 });
    off.fault('write', null);
    expect(await pass()).toMatchObject({ sent: 0 }); // not due yet
    now = new Date(now.getTime() + retryDelayMs(1));
    expect(await pass()).toMatchObject({ sent: 1 });
    expect(writesOf(barcode)).toHaveLength(1);
    expect(await sendOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt, saying why', async () => {
    const { id } = await labelled(true);
    off.fault('write', { kind: 'status', status: 503 });
    for (const attempts of [1, 2, 3]) {
      await pass();
      now = new Date(now.getTime() + retryDelayMs(attempts));
    }
    expect(await sendOf(id)).toMatchObject({ state: 'failed', attempts: 3, http_status: 503 });
    expect((await sendOf(id))?.answer).toMatch(/^Gave up after 3 attempts: <h1>503<\/h1>/);
  });

  it('shows a write OFF refuses as rejected, and does not retry it', async () => {
    const { id, barcode } = await labelled(true);
    off.fault('write', { kind: 'refused', reason: 'no code or invalid code' });
    expect(await pass()).toMatchObject({ rejected: 1 });
    now = new Date(now.getTime() + retryDelayMs(8));
    expect(await pass()).toMatchObject({ rejected: 0, sent: 0 });
    expect(writesOf(barcode)).toEqual([]);
    expect(await sendOf(id)).toMatchObject({ state: 'rejected', attempts: 1 });
    expect((await sendOf(id))?.answer).toContain('no code or invalid code');
  });

  it('reaches OFF exactly once when the sender is killed after the request left, before the answer was recorded', async () => {
    const { id, barcode } = await labelled(true);
    const posts = () => off.requests.filter((r) => r.method === 'POST').length;
    const postsBefore = posts();
    off.fault('write', { kind: 'slow', ms: 3000 });
    const kill = new AbortController();
    const killed = pass({ signal: kill.signal });
    await expect.poll(() => writesOf(barcode).length, { interval: 20 }).toBe(1);
    kill.abort();
    await killed;
    expect(await sendOf(id)).toMatchObject({ state: 'sending', attempts: 1 });

    off.fault('write', null);
    expect(await pass()).toMatchObject({ sent: 0 }); // within its lease the send may still be under way
    now = new Date(now.getTime() + options().leaseMs);
    expect(await pass()).toMatchObject({ sent: 1 });
    expect(writesOf(barcode)).toHaveLength(1);
    expect(posts() - postsBefore).toBe(1);
    expect(await sendOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await sendOf(id))?.answer).toMatch(/read API/);
  });

  it('lists in the console what was sent, refused and queued, with OFF’s answers', async () => {
    const admin = await registeredUser(server, { admin: true });
    const queued = await labelled(true);
    const res = await server.api('/api/admin/off-contributions?sort=["queuedAt","DESC"]', {
      token: admin.idToken,
    });
    expect(res.status).toBe(200);
    const rows = res.body as AdminOffContributionResponse[];
    for (const row of rows) expect(adminOffContributionResponse.parse(row)).toEqual(row);
    expect(rows[0]).toMatchObject({
      productId: queued.id,
      barcode: queued.barcode,
      brand: 'Oat Works',
      state: 'queued',
      attempts: 0,
    });
    const states = new Set(rows.map((row) => row.state));
    for (const state of ['sent', 'rejected', 'failed']) expect(states).toContain(state);
    expect(rows.find((row) => row.state === 'rejected')?.answer).toContain('no code or invalid code');
    const refused = await server.api('/api/admin/off-contributions?filter={"state":"rejected"}', {
      token: admin.idToken,
    });
    expect((refused.body as AdminOffContributionResponse[]).map((row) => row.state)).toEqual(['rejected']);
    expect((await server.api('/api/admin/off-contributions', { token: user.idToken })).status).toBe(403);
  });

  it('sends again after a restart when the request never reached OFF', async () => {
    const { id, barcode } = await labelled(true);
    await withSendsTable(server.ctx.db)
      .insertInto('off_contribution_sends')
      .values({
        product_id: id,
        label_version: 0,
        state: 'sending',
        attempts: 1,
        next_attempt_at: now,
        sending_since: new Date(now.getTime() - options().leaseMs),
        barcode: null,
        product_name: null,
        http_status: null,
        answer: null,
        queued_at: now,
        updated_at: now,
      })
      .execute();
    await pass();
    expect(await sendOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(writesOf(barcode)).toHaveLength(1);
  });
});
