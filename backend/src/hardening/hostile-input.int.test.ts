import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { callApi } from '../../testing/own-server';
import { countEvents, createdProduct, registeredUser } from '../../testing/catalogue-fixtures';

/**
 * Issue 13, hostile input: property-based fuzzing of every endpoint's body, params and query
 * (wrong types, missing and extra fields, huge strings, unicode, null bytes, SQL and script
 * payloads). No answer may be ≥ 500, and a 4xx never appends an event.
 * Plus security headers, CSP, the CORS allow-list, body size limits and rate limits.
 */
const TOTAL_REQUESTS = 10_000;

interface Endpoint {
  method: string;
  /** `:p` is replaced by a fuzzed path segment. */
  path: string;
  fields?: string[];
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/products' },
  { method: 'GET', path: '/api/products/search' },
  { method: 'GET', path: '/api/products/:p' },
  { method: 'GET', path: '/api/products/barcode/:p' },
  { method: 'GET', path: '/api/alternatives/:p' },
  { method: 'GET', path: '/api/articles/:p' },
  { method: 'GET', path: '/api/reviews/product/:p' },
  { method: 'GET', path: '/api/community/favourites' },
  { method: 'GET', path: '/api/user/profile' },
  { method: 'PATCH', path: '/api/user/username', fields: ['username'] },
  {
    method: 'PUT',
    path: '/api/users/preferences',
    fields: ['noArtificialSweeteners', 'noPalmOil', 'organic', 'noGluten', 'noDairy', 'premiumAlerts'],
  },
  { method: 'POST', path: '/api/users/scanned-products', fields: ['productId', 'scannedAt'] },
  {
    method: 'POST',
    path: '/api/products',
    fields: ['name', 'brand', 'barcode', 'ingredients', 'description', 'weight', 'rating'],
  },
  {
    method: 'POST',
    path: '/api/reviews',
    fields: ['productId', 'rating', 'title', 'comment', 'isVerifiedPurchase'],
  },
  { method: 'POST', path: '/api/reviews/:p/vote', fields: ['helpful'] },
  { method: 'POST', path: '/api/process-image', fields: ['image'] },
  { method: 'POST', path: '/api/create-subscription', fields: ['plan'] },
  { method: 'POST', path: '/api/verify-payment', fields: ['paymentIntentId'] },
  {
    method: 'POST',
    path: '/api/test-payments/confirm',
    fields: ['clientSecret', 'cardNumber', 'expiry', 'cvc'],
  },
  { method: 'GET', path: '/api/admin/reviews' },
  { method: 'PUT', path: '/api/admin/reviews/:p', fields: ['hidden', 'reason'] },
  { method: 'GET', path: '/api/admin/products' },
  { method: 'PUT', path: '/api/admin/products/:p', fields: ['name', 'brand', 'ingredients', 'barcode'] },
  { method: 'POST', path: '/api/admin/products/:p/remove', fields: ['reason'] },
  {
    method: 'POST',
    path: '/api/admin/articles',
    fields: ['title', 'summary', 'imageUrl', 'category', 'content'],
  },
  { method: 'PUT', path: '/api/admin/articles/:p', fields: ['title', 'summary', 'content'] },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'POST', path: '/api/admin/users/:p/suspend', fields: ['reason'] },
  { method: 'POST', path: '/api/admin/users/:p/premium', fields: ['plan', 'periodEnd'] },
  { method: 'POST', path: '/api/admin/projection-rebuilds', fields: ['projections'] },
  { method: 'GET', path: '/api/admin/events' },
];

const PAYLOADS = [
  "' OR 1=1; DROP TABLE events; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
  'a\u0000b',
  '../../../etc/passwd',
  '%00',
  '%',
  '🍫𝕏\u202e\ufeff',
  'ÄÖÜ ß é',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  'x'.repeat(5000),
];

const hostileString = fc.oneof(
  fc.constantFrom(...PAYLOADS),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'A'.repeat(n)),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

function bodyFor(endpoint: Endpoint) {
  const fields = endpoint.fields ?? ['q'];
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] });
  return fc.oneof(
    shaped,
    fc
      .tuple(shaped, fc.dictionary(hostileString, hostileValue, { minKeys: 1, maxKeys: 3 }))
      .map(([a, b]) => ({ ...b, ...a })),
    fc.jsonValue(),
    fc.constantFrom('not json {', '{"a":', '[]', 'null', '"x"', '\u0000'),
    fc.constant(undefined),
  );
}

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(fc.constantFrom('q', 'limit', 'offset', 'filter', 'sort', 'range', 'x', 'q[]'), hostileString),
      { maxLength: 3 },
    )
    .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${encodeURIComponent(v.slice(0, 2000))}`).join('&')),
);
const segment = fc.oneof(
  hostileString.map((s) => encodeURIComponent(s.slice(0, 2000))),
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2147483648',
    'abc',
    '%00',
    '%2e%2e',
    '%',
    '1%20OR%201=1',
    'ffffffffffffffffffff',
  ),
);

let server: TestServer;
let free: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMIT_WRITES_PER_USER: '0', RATE_LIMIT_WRITES_PER_IP: '0', RATE_LIMIT_OCR_PER_IP: '0' },
  });
  [free, admin] = await Promise.all([registeredUser(server), registeredUser(server, { admin: true })]);
  await createdProduct(server, free, { name: 'Fuzz oats', ingredients: 'oats' });
});

afterAll(async () => {
  await server?.stop();
});

describe('hostile input', () => {
  it(
    `answers ${TOTAL_REQUESTS} fuzzed requests without a 5xx, and no 4xx appends an event`,
    { timeout: 240_000 },
    async () => {
      const runs = Math.ceil(TOTAL_REQUESTS / ENDPOINTS.length);
      const statuses = new Map<number, number>();
      let sent = 0;
      const started = performance.now();
      // Nothing else writes to this server meanwhile: the count after a request is the count before the next.
      let events = await countEvents(server);
      for (const endpoint of ENDPOINTS) {
        const token = fc.constantFrom<string | undefined>(
          undefined,
          free.idToken,
          admin.idToken,
          'garbage.token.here',
        );
        await fc.assert(
          fc.asyncProperty(segment, query, bodyFor(endpoint), token, async (param, qs, body, bearer) => {
            const path = endpoint.path.replace(':p', param) + qs;
            const res = await callApi(server.baseUrl, path, {
              method: endpoint.method,
              token: bearer,
              body: endpoint.method === 'GET' ? undefined : body,
            });
            sent++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 0 || res.status >= 500) {
              throw new Error(
                `${endpoint.method} ${path.slice(0, 200)} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
              );
            }
            const before = events;
            events = await countEvents(server);
            if (res.status >= 400 && events !== before)
              throw new Error(
                `${endpoint.method} ${path.slice(0, 200)} answered ${res.status} but appended ${events - before} events`,
              );
          }),
          { numRuns: runs, endOnFailure: true },
        );
      }
      const seconds = (performance.now() - started) / 1000;
      expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
      console.warn(
        `hostile input: ${sent} requests over ${ENDPOINTS.length} endpoints in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    },
  );
});

describe('transport defences', () => {
  it('sends security headers and a CSP on the API and the app', async () => {
    for (const path of ['/api/health', '/']) {
      const res = await server.api(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('allows only listed origins (CORS)', async () => {
    const other = await startTestServer({ env: { CORS_ORIGINS: 'https://allowed.example' } });
    try {
      const allowed = await callApi(other.baseUrl, '/api/products', {
        headers: { origin: 'https://allowed.example' },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
      const refused = await callApi(other.baseUrl, '/api/products', {
        headers: { origin: 'https://evil.example' },
      });
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await callApi(other.baseUrl, '/api/reviews', {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await other.stop();
    }
  });

  it('refuses JSON bodies over 64 kB with 413 and appends nothing', async () => {
    const before = await countEvents(server);
    const res = await server.api('/api/products', {
      method: 'POST',
      token: free.idToken,
      body: { name: 'Big', ingredients: 'x'.repeat(70_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect(await countEvents(server)).toBe(before);
  });

  it('limits writes per user, per address and photo recognition with 429, Retry-After and {error, message}', async () => {
    const limited = await startTestServer({
      env: {
        RATE_LIMIT_WRITES_PER_USER: '5',
        RATE_LIMIT_WRITES_PER_IP: '12',
        RATE_LIMIT_OCR_PER_IP: '3',
        RATE_LIMIT_WINDOW_SECONDS: '60',
      },
    });
    try {
      const user = await registeredUser(limited);
      const rename = () =>
        limited.api('/api/user/username', {
          method: 'PATCH',
          token: user.idToken,
          body: { username: 'limited_user' },
        });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await rename());
      expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const refused = answers[5]!;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toEqual({
        error: 'RATE_LIMITED',
        message: expect.stringMatching(/too quickly.*try again in \d+ seconds/i),
      });
      // Reads are never limited.
      expect((await limited.api('/api/user/profile', { token: user.idToken })).status).toBe(200);

      const ocr = [];
      for (let i = 0; i < 4; i++)
        ocr.push(await limited.api('/api/process-image', { method: 'POST', body: {} }));
      expect(ocr.map((r) => r.status)).toEqual([401, 401, 401, 429]);
      expect(ocr[3]!.headers.get('retry-after')).toMatch(/^\d+$/);

      // Per address: 6 renames and 4 photos so far; the 13th write is refused before authentication.
      const statuses = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await limited.api('/api/reviews', { method: 'POST', body: {} })).status);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
