import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, revokeSessions, signIn, type TestUser } from '../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createdProduct, registeredUser } from '../../testing/catalogue-fixtures';
import { nodeArgsFor } from '@labelwise/runtime/testing';

/**
 * Issue 13: every endpoint × {guest, signed-in unverified, verified free, premium, admin, suspended}
 * → expected status, run against the real stack with users from the Auth Emulator.
 * Then every broken token (expired, for another project, the mock token with mock auth off) must get
 * exactly the guest's answer, and so must a revoked session, at most AUTH_SESSION_CHECK_SECONDS after the revocation.
 */
const ROLES = ['guest', 'unverified', 'free', 'premium', 'admin', 'suspended'] as const;
type Role = (typeof ROLES)[number];
type Statuses = [
  guest: number,
  unverified: number,
  free: number,
  premium: number,
  admin: number,
  suspended: number,
];
type Row = [method: string, path: () => string, expected: Statuses, body?: () => unknown];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

let server: TestServer;
const users: Partial<Record<Role, TestUser>> = {};
let author: TestUser;
let productId: number;
let reviewId: string;
let articleId: number;
let names = 0;
/** A revoked session is refused on writes at most this long after the revocation. */
const SESSION_CHECK_SECONDS = 1;

const prefs = (premium: boolean) => ({
  noArtificialSweeteners: true,
  noPalmOil: false,
  organic: false,
  noGluten: false,
  noDairy: true,
  premiumAlerts: { noNuts: premium, noSoy: false, noMSG: false, noENumbers: false },
});
const uniqueName = () => `matrix_${Date.now().toString(36).slice(-6)}${++names}`;

const PUBLIC: Statuses = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Statuses = [401, 200, 200, 200, 200, 200];
const ADMIN_ONLY: Statuses = [401, 403, 403, 403, 200, 403];

// The table. Order matters only for the last rows (cancelling changes the premium user's plan).
const MATRIX: Row[] = [
  ['GET', () => '/api/health', PUBLIC],
  ['GET', () => '/api/config', PUBLIC],
  ['GET', () => '/api/products', PUBLIC],
  ['GET', () => '/api/products/search?q=oat', PUBLIC],
  ['GET', () => `/api/products/${productId}`, PUBLIC],
  ['GET', () => '/api/products/barcode/MATRIX_BARCODE_1', PUBLIC],
  ['GET', () => '/api/recently-scanned', PUBLIC],
  ['GET', () => '/api/community/clean-alternatives', PUBLIC],
  ['GET', () => '/api/community/favourites', PUBLIC],
  ['GET', () => `/api/alternatives/${productId}`, PUBLIC],
  ['GET', () => '/api/articles', PUBLIC],
  ['GET', () => `/api/articles/${articleId}`, PUBLIC],
  ['GET', () => `/api/reviews/product/${productId}`, PUBLIC],
  ['GET', () => '/api/user/profile', SIGNED_IN],
  ['GET', () => '/api/users/preferences', SIGNED_IN],
  ['GET', () => '/api/users/scanned-products', SIGNED_IN],
  ['GET', () => '/api/user-stats', SIGNED_IN],
  ['GET', () => '/api/user/activity', SIGNED_IN],
  ['GET', () => '/api/user/favourites', SIGNED_IN],
  ['GET', () => '/api/user/data', SIGNED_IN],
  ['GET', () => '/api/subscription', SIGNED_IN],
  ['PATCH', () => '/api/user/username', SIGNED_IN, () => ({ username: uniqueName() })],
  ['PUT', () => '/api/users/preferences', SIGNED_IN, () => prefs(false)],
  // The four advanced alerts are premium only.
  ['PUT', () => '/api/users/preferences', [401, 403, 403, 200, 403, 403], () => prefs(true)],
  // An unverified email may not scan; suspension only silences reviews and votes.
  [
    'POST',
    () => '/api/users/scanned-products',
    [401, 403, 201, 201, 201, 201],
    () => ({ productId, scannedAt: new Date().toISOString() }),
  ],
  // A barcode lookup is history, not an analysis: any signed-in user, verified or not.
  [
    'POST',
    () => '/api/users/product-lookups',
    [401, 201, 201, 201, 201, 201],
    () => ({ productId, barcode: '5060412340014', lookedUpAt: new Date().toISOString() }),
  ],
  [
    'POST',
    () => '/api/products',
    [401, 403, 201, 201, 201, 201],
    () => ({
      // A new product each time: the same name, brand and ingredients would give the first one back (200).
      name: `Matrix bar ${uniqueName()}`,
      brand: 'B',
      barcode: `MANUAL_${uniqueName()}`,
      ingredients: 'oats',
      description: '',
      weight: '',
      rating: 'green',
    }),
  ],
  // A rated product keeps its verdict: the label is refused by nobody signed in and verified, and changes nothing.
  [
    'POST',
    () => `/api/products/${productId}/label`,
    [401, 403, 200, 200, 200, 200],
    () => ({ ingredients: 'oats', offConsent: false }),
  ],
  [
    'POST',
    () => '/api/reviews',
    [401, 403, 201, 201, 201, 403],
    () => ({ productId, rating: 4, title: null, comment: 'Fine.', isVerifiedPurchase: true }),
  ],
  ['POST', () => `/api/reviews/${reviewId}/vote`, [401, 403, 200, 200, 200, 403], () => ({ helpful: true })],
  // Photo recognition (verified email); a body that is no image is refused before any OCR runs.
  [
    'POST',
    () => '/api/process-image',
    [401, 403, 400, 400, 400, 400],
    () => ({ image: Buffer.from('not an image').toString('base64') }),
  ],
  ['POST', () => '/api/create-subscription', [401, 200, 200, 409, 200, 200], () => ({ plan: 'monthly' })],
  [
    'POST',
    () => '/api/verify-payment',
    [401, 404, 404, 404, 404, 404],
    () => ({ paymentIntentId: 'pi_matrix_unknown' }),
  ],
  [
    'POST',
    () => '/api/test-payments/confirm',
    [401, 404, 404, 409, 404, 404],
    () => ({
      clientSecret: 'pi_unknown_secret_x',
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    }),
  ],
  ['GET', () => '/api/admin/dashboard', ADMIN_ONLY],
  ['GET', () => '/api/admin/reviews', ADMIN_ONLY],
  ['GET', () => `/api/admin/reviews/${reviewId}`, ADMIN_ONLY],
  ['PUT', () => `/api/admin/reviews/${reviewId}`, ADMIN_ONLY, () => ({ hidden: false })],
  ['GET', () => '/api/admin/products', ADMIN_ONLY],
  ['GET', () => `/api/admin/products/${productId}`, ADMIN_ONLY],
  ['PUT', () => `/api/admin/products/${productId}`, ADMIN_ONLY, () => ({ name: 'Matrix oat bar' })],
  ['GET', () => '/api/admin/brands', ADMIN_ONLY],
  [
    'POST',
    () => '/api/admin/brands/corrections',
    ADMIN_ONLY,
    () => ({ from: 'Test Brand', to: 'Matrix Brand' }),
  ],
  ['GET', () => '/api/admin/articles', ADMIN_ONLY],
  ['GET', () => `/api/admin/articles/${articleId}`, ADMIN_ONLY],
  ['PUT', () => `/api/admin/articles/${articleId}`, ADMIN_ONLY, () => ({ title: 'Matrix article' })],
  ['GET', () => '/api/admin/users', ADMIN_ONLY],
  ['GET', () => `/api/admin/users/${author.uid}`, ADMIN_ONLY],
  ['POST', () => `/api/admin/users/${author.uid}/reinstate`, ADMIN_ONLY, () => ({})],
  ['GET', () => '/api/admin/projections', ADMIN_ONLY],
  ['GET', () => '/api/admin/projections/reviews', ADMIN_ONLY],
  ['GET', () => '/api/admin/projection-rebuilds', ADMIN_ONLY],
  // Skipping an event: 409 for the administrator, since the projection is stopped at none.
  [
    'POST',
    () => '/api/admin/projections/reviews/skips',
    [401, 403, 403, 403, 409, 403],
    () => ({ position: '1/1', reason: 'Matrix' }),
  ],
  ['GET', () => '/api/admin/read-replicas', ADMIN_ONLY],
  [
    'GET',
    () =>
      `/api/admin/events?filter=${encodeURIComponent(JSON.stringify({ stream: `product-${productId}` }))}`,
    ADMIN_ONLY,
  ],
  ['GET', () => '/api/admin/off-contributions', ADMIN_ONLY],
  ['GET', () => '/api/admin/import-runs', ADMIN_ONLY],
  ['GET', () => '/api/admin/off-sync', ADMIN_ONLY],
  // Account deletion without the typed word: who may ask is told apart by 400 (nobody is deleted).
  ['DELETE', () => '/api/user', [401, 400, 400, 400, 400, 400], () => ({ confirm: 'not yet' })],
  [
    'POST',
    () => `/api/admin/users/${author.uid}/deletion`,
    [401, 403, 403, 403, 400, 403],
    () => ({ confirm: 'not yet', reason: 'Matrix' }),
  ],
  ['POST', () => '/api/subscription/cancel', [401, 409, 409, 200, 409, 409], () => ({})],
];

/** An emulator ID token (unsigned JWT) with some claims changed, as an attacker could craft one. */
function tamper(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

const call = (row: Row, token: string | undefined) =>
  server.api(row[1](), { method: row[0], token, body: row[3]?.() });
const label = (row: Row) =>
  `${row[0]} ${row[1]().replace(/[0-9a-f]{20}|\d+|user-\w+|[A-Za-z0-9]{28}/g, ':id')}`;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      RATE_LIMIT_WRITES_PER_USER: '0',
      RATE_LIMIT_WRITES_PER_IP: '0',
      AUTH_SESSION_CHECK_SECONDS: String(SESSION_CHECK_SECONDS),
    },
  });
  const admin = await registeredUser(server, { admin: true });
  [author, users.free, users.premium, users.suspended] = await Promise.all([
    registeredUser(server),
    registeredUser(server),
    registeredUser(server),
    registeredUser(server),
  ]);
  users.admin = admin;
  users.unverified = await registeredUser(server, { verified: false });
  const asAdmin = (path: string, body: unknown) =>
    server.api(`/api/admin${path}`, { method: 'POST', token: admin.idToken, body });
  const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
  expect((await asAdmin(`/users/${users.premium!.uid}/premium`, { plan: 'monthly', periodEnd })).status).toBe(
    200,
  );
  expect((await asAdmin(`/users/${users.suspended!.uid}/suspend`, { reason: 'Matrix' })).status).toBe(200);
  productId = await createdProduct(server, author, {
    name: 'Matrix oats',
    ingredients: 'oats, honey',
    barcode: 'MATRIX_BARCODE_1',
  });
  const review = await server.api('/api/reviews', {
    method: 'POST',
    token: author.idToken,
    body: { productId, rating: 5, title: null, comment: 'Author review', isVerifiedPurchase: true },
  });
  reviewId = review.body.id;
  const article = await asAdmin('/articles', {
    title: 'Matrix',
    summary: 's',
    imageUrl: '',
    category: 'Guides',
    content: 'One.\n\nTwo.',
  });
  articleId = article.body.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('authorization matrix', () => {
  it(`answers every endpoint (${MATRIX.length}) for every role (${ROLES.length}) as the table says`, async () => {
    const differences: string[] = [];
    for (const row of MATRIX) {
      for (const [i, role] of ROLES.entries()) {
        const res = await call(row, users[role]?.idToken);
        if (res.status !== row[2][i])
          differences.push(
            `${label(row)} as ${role}: expected ${row[2][i]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(differences).toEqual([]);
    console.warn(
      `authorization matrix: ${MATRIX.length} endpoints × ${ROLES.length} roles = ${MATRIX.length * ROLES.length} requests, 0 differences`,
    );
  });

  it('gives expired, other-project and mock tokens (mock auth off) exactly the guest answer', async () => {
    const fresh = await createUser({ verified: true });
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      expired: tamper(fresh.idToken, (c) =>
        Object.assign(c, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
      ),
      otherProject: tamper(fresh.idToken, (c) =>
        Object.assign(c, {
          aud: 'someone-elses-project',
          iss: 'https://securetoken.google.com/someone-elses-project',
        }),
      ),
      mock: 'mock-token',
      garbage: 'not.a.jwt',
    };
    const differences: string[] = [];
    for (const row of MATRIX) {
      for (const [name, token] of Object.entries(tokens)) {
        const res = await call(row, token);
        if (res.status !== row[2][0])
          differences.push(`${label(row)} with ${name} token: expected ${row[2][0]}, got ${res.status}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('refuses a revoked session (401 wherever a user is needed, the guest answer elsewhere); signing in again works', async () => {
    const user = await registeredUser(server);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await revokeSessions(user.uid);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_SECONDS * 1000));
    const differences: string[] = [];
    for (const row of MATRIX) {
      const res = await call(row, user.idToken);
      if (res.status !== row[2][0])
        differences.push(`${label(row)} revoked: expected ${row[2][0]}, got ${res.status}`);
    }
    expect(differences).toEqual([]);
    const again = await signIn(user.email, user.password);
    expect(
      (
        await server.api('/api/user/username', {
          method: 'PATCH',
          token: again,
          body: { username: uniqueName() },
        })
      ).status,
    ).toBe(200);
  });
});

describe('on the Auth Emulator, privileges are the emulator record of the user (#37.4)', () => {
  const adminClaimCli = (action: 'grant' | 'revoke', email: string) =>
    run(process.execPath, [...nodeArgsFor('backend/src/cli/admin-claim.ts'), action, email], {
      cwd: root,
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
        FIREBASE_PROJECT_ID: inject('firebaseProjectId'),
      },
    });
  const dashboard = (token: string) => server.api('/api/admin/dashboard', { token });
  const afterSessionCheck = () =>
    new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_SECONDS * 1000 + 100));

  it("refuses an unsigned token in a member's own name that claims admin: the member's answer on every admin endpoint, no Premium granted to itself", async () => {
    const member = await registeredUser(server);
    const forged = tamper(member.idToken, (c) => Object.assign(c, { admin: true }));
    const differences: string[] = [];
    for (const row of MATRIX.filter((row) => row[2] === ADMIN_ONLY)) {
      const res = await call(row, forged);
      if (res.status !== 403) differences.push(`${label(row)} with a forged admin claim: got ${res.status}`);
    }
    expect(differences).toEqual([]);
    const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const granted = await server.api(`/api/admin/users/${member.uid}/premium`, {
      method: 'POST',
      token: forged,
      body: { plan: 'monthly', periodEnd },
    });
    expect(granted.status).toBe(403);
    expect((await server.api('/api/user/profile', { token: member.idToken })).body.isPremium).toBe(false);
  });

  it('follows `npm run admin:grant` and `admin:revoke` within AUTH_SESSION_CHECK_SECONDS, for the token already in hand', async () => {
    const member = await registeredUser(server);
    expect((await dashboard(member.idToken)).status).toBe(403);
    await adminClaimCli('grant', member.email);
    await afterSessionCheck();
    expect((await dashboard(member.idToken)).status).toBe(200);
    expect((await dashboard(await signIn(member.email, member.password))).status).toBe(200);
    await adminClaimCli('revoke', member.email);
    await afterSessionCheck();
    expect((await dashboard(member.idToken)).status).toBe(403);
  });
});
