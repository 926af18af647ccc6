import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataDownloadResponse,
  defaultPreferences,
  streams,
  type DataDownloadResponse,
  type ImportedProduct,
} from '@labelwise/domain';
import {
  caughtUp,
  createdProduct,
  expectRefused,
  postedReview,
  RATED_INGREDIENTS,
  recordScan,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { signIn, updateUser, type TestUser } from '../../../testing/emulator-users';
import { importProducts } from '../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { appendToUser } from '../../../testing/account-fixtures';

let server: TestServer;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const download = (user: TestUser, query = '') =>
  server.api(`/api/user/data${query}`, { token: user.idToken });

async function downloaded(user: TestUser): Promise<DataDownloadResponse> {
  const res = await download(user);
  expect(res.status).toBe(200);
  return dataDownloadResponse.parse(res.body);
}

describe('GET /api/user/data', () => {
  let shopper: TestUser;
  let data: DataDownloadResponse;
  let unrated: ImportedProduct;
  let scannedProduct: number;
  let ownReview: string;
  let othersReview: string;
  const username = `dl_${randomUUID().slice(0, 8)}`;
  const phrase = `tastes of ${randomUUID()}`;

  beforeAll(async () => {
    const other = await registeredUser(server);
    shopper = await registeredUser(server, { username });
    [unrated] = (await importProducts(server, [
      {
        code: '3017620422003',
        name: 'Pâte aux noisettes',
        ingredientsText: null,
        unratedReason: 'ingredients not in English',
      },
    ])) as [ImportedProduct];
    scannedProduct = await createdProduct(server, shopper, {
      name: 'Data Oat Bar',
      ingredients: RATED_INGREDIENTS.green,
    });
    const othersProduct = await createdProduct(server, other, {
      name: 'Other Jam',
      ingredients: RATED_INGREDIENTS.amber,
    });
    await recordScan(server, shopper, scannedProduct);
    const lookup = await server.api('/api/users/product-lookups', {
      method: 'POST',
      token: shopper.idToken,
      body: { productId: unrated.productId, barcode: unrated.code, lookedUpAt: new Date().toISOString() },
    });
    expect(lookup.status).toBe(201);
    const label = await server.api(`/api/products/${unrated.productId}/label`, {
      method: 'POST',
      token: shopper.idToken,
      body: { ingredients: RATED_INGREDIENTS.red, offConsent: false },
    });
    expect(label.status).toBe(200);
    const preferences = await server.api('/api/users/preferences', {
      method: 'PUT',
      token: shopper.idToken,
      body: { ...defaultPreferences, noArtificialSweeteners: true, noGluten: true },
    });
    expect(preferences.status).toBe(200);
    ownReview = await postedReview(server, shopper, {
      productId: scannedProduct,
      rating: 5,
      comment: phrase,
    });
    othersReview = await postedReview(server, other, {
      productId: othersProduct,
      rating: 2,
      comment: 'Too sweet',
    });
    const vote = (who: TestUser, reviewId: string, helpful: boolean) =>
      server.api(`/api/reviews/${reviewId}/vote`, { method: 'POST', token: who.idToken, body: { helpful } });
    expect((await vote(other, ownReview, true)).status).toBe(200);
    expect((await vote(shopper, othersReview, false)).status).toBe(200);
    await appendToUser(server.ctx, shopper.uid, [
      {
        type: 'SubscriptionActivated',
        data: {
          uid: shopper.uid,
          plan: 'monthly',
          provider: 'test',
          subscriptionId: `sub_${shopper.uid}`,
          paymentId: `pi_${shopper.uid}`,
          periodEnd: '2099-01-01T00:00:00.000Z',
        },
      },
    ]);
    await caughtUp(server, ['reviews', 'product_cards']);
    data = await downloaded(shopper);
  });

  it('is one JSON file, named for the day, never cached', async () => {
    const res = await download(shopper);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename=labelwise-data-${today()}.json`,
    );
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('holds the account: uid, email, username and when it was created', () => {
    expect(data.account).toMatchObject({
      uid: shopper.uid,
      email: shopper.email,
      username,
      suspended: false,
    });
    expect(data.account.usernames.map((entry) => entry.username)).toEqual([username]);
    expect(Date.parse(data.account.created!)).toBeLessThanOrEqual(Date.now());
  });

  it('says the email is verified once it is, though it was not when the account was registered', async () => {
    const late = await registeredUser(server, { verified: false });
    await updateUser(late.uid, { emailVerified: true });
    const verified = { ...late, idToken: await signIn(late.email, late.password) };
    expect((await downloaded(verified)).account.emailVerified).toBe(true);
    expect(data.account.emailVerified).toBe(true);
  });

  it('holds the preferences and each change', () => {
    expect(data.preferences.current).toMatchObject({ noArtificialSweeteners: true, noGluten: true });
    expect(data.preferences.changes).toHaveLength(1);
  });

  it('holds every scan with its date: the analysis and the barcode lookup', () => {
    expect(data.scans).toEqual([
      expect.objectContaining({
        kind: 'analysis',
        productId: scannedProduct,
        productName: 'Data Oat Bar',
        barcode: null,
      }),
      expect.objectContaining({
        kind: 'lookup',
        productId: unrated.productId,
        barcode: unrated.code,
        month: null,
      }),
    ]);
    expect(data.scans.every((scan) => !Number.isNaN(Date.parse(scan.at)))).toBe(true);
  });

  it('holds the reviews with their text and the votes received, and the votes given', () => {
    expect(data.reviews).toEqual([
      expect.objectContaining({
        reviewId: ownReview,
        productName: 'Data Oat Bar',
        comment: phrase,
        rating: 5,
        username,
        votesReceived: { helpful: 1, notHelpful: 0 },
      }),
    ]);
    expect(data.votesGiven).toEqual([
      { reviewId: othersReview, productId: expect.any(Number), productName: 'Other Jam', helpful: false },
    ]);
  });

  it('holds the membership and the payment', () => {
    expect(data.subscription.current).toMatchObject({ plan: 'monthly', provider: 'test', cancelsAt: null });
    expect(data.subscription.history.map((entry) => entry.event)).toEqual(['activated']);
    expect(data.payments).toEqual([
      expect.objectContaining({
        paymentId: `pi_${shopper.uid}`,
        amount: 499,
        currency: 'gbp',
        status: 'paid',
      }),
    ]);
  });

  it('holds the products the user created and the label they gave', () => {
    expect(data.products).toEqual([
      expect.objectContaining({
        contribution: 'created',
        productId: scannedProduct,
        productName: 'Data Oat Bar',
      }),
      expect.objectContaining({
        contribution: 'labelled',
        productId: unrated.productId,
        ingredients: RATED_INGREDIENTS.red,
      }),
    ]);
  });

  it('holds nothing of another user', async () => {
    const stranger = await registeredUser(server);
    const theirs = await downloaded(stranger);
    expect(theirs.account.uid).toBe(stranger.uid);
    expect([theirs.scans, theirs.reviews, theirs.votesGiven, theirs.payments, theirs.products]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(JSON.stringify(theirs)).not.toContain(shopper.uid);
  });

  it('reads as a summary with ?format=summary', async () => {
    const res = await download(shopper, '?format=summary');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.body).toContain(`Account: ${shopper.email}, username ${username}`);
    expect(res.body).toContain('Scans: 1 label analysis and 1 barcode lookup');
    expect(res.body).toContain('Reviews: 1 review written, 1 vote given');
    expect(res.body).toContain('Membership: Premium (monthly) until 2099-01-01');
    // Read by a person: it ends by saying where the rest is, in the app's words, not an API's.
    expect(res.body.trimEnd().split('\n').at(-1)).toBe(
      'Every item is in the full download: Privacy, then Download my data.',
    );
    expect(res.body).not.toContain('/api/');
  });

  it('needs a signed-in user, and refuses an unknown format', async () => {
    await expectRefused(server, () => server.api('/api/user/data'), {
      status: 401,
      error: 'UNAUTHENTICATED',
    });
    await expectRefused(server, () => download(shopper, '?format=xml'), {
      status: 400,
      error: 'VALIDATION_ERROR',
    });
  });
});

describe('GET /api/user/data for a heavy user', () => {
  const SCANS = 5_000;

  it(`answers within seconds with all ${SCANS} scans`, async () => {
    const heavy = await registeredUser(server);
    const products = await Promise.all(
      [1, 2, 3].map((n) =>
        createdProduct(server, heavy, { name: `Heavy ${n}`, ingredients: RATED_INGREDIENTS.green }),
      ),
    );
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    for (let batch = 0; batch < SCANS / 500; batch++) {
      await server.ctx.store.append(
        streams.user(heavy.uid),
        Array.from({ length: 500 }, (_, i) => {
          const at = new Date(start + (batch * 500 + i) * 3_600_000).toISOString();
          return {
            type: 'ScanRecorded' as const,
            data: { uid: heavy.uid, productId: products[i % 3]!, scannedAt: at, month: at.slice(0, 7) },
            metadata: { actor: heavy.uid, correlationId: randomUUID(), causationId: null, at },
          };
        }),
        { expectedRevision: 'any' },
      );
    }
    const began = performance.now();
    const data = await downloaded(heavy);
    const elapsed = performance.now() - began;
    console.warn(`GET /api/user/data with ${SCANS} scans: ${Math.round(elapsed)} ms`);
    expect(data.scans).toHaveLength(SCANS);
    expect(data.scans[0]!.productName).toBe('Heavy 1');
    expect(elapsed).toBeLessThan(5_000);
  });
});
