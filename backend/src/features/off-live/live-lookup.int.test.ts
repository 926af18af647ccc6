import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { findProductByBarcode } from '@labelwise/projections/queries';
import { startTestServer, testEnv, type TestServer } from '../../../testing/test-server';
import { startOffStandIn, type OffStandIn } from '../../../testing/off-stand-in';

const CONTACT = 'mailto:off-contact@labelwise.test';
/** Real OFF products of the stand-in, none of them in our catalogue. */
const CHAMOMILE = '0000105000011';
const PEPPERMINT = '0000105000042';
const LINDEN = '0000105000059';
const HIBISCUS = '0000105000073';
const UNKNOWN_TO_OFF = '4000000000017';
const APPLE_CINNAMON = '0000105000196';

let off: OffStandIn;
let server: TestServer;

/** Live lookup against the stand-in, which is on loopback: reached only when allowed. */
const liveLookupEnv = () => ({
  OFF_LIVE_LOOKUP: 'true',
  OFF_API_URL: off.url,
  OFF_CONTACT: CONTACT,
  OFF_ALLOW_PRIVATE_NETWORK: 'true',
});

beforeAll(async () => {
  off = await startOffStandIn();
  server = await startTestServer({ env: liveLookupEnv() });
});

afterAll(async () => {
  await server?.stop();
  await off?.stop();
});

/** People look barcodes up from a browser (Node's own fetch calls itself `node`, a bot to isbot). */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const lookup = (code: string, headers: Record<string, string> = {}, on = server) =>
  on.api(`/api/products/barcode/${code}`, { headers: { 'user-agent': BROWSER, ...headers } });

const productCalls = (code: string) => off.requests.filter((r) => r.path === `/api/v2/product/${code}`);

async function timedLookup(code: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await lookup(code, headers);
  return { ...res, ms: performance.now() - started };
}

describe('live lookup of a barcode our catalogue does not know', () => {
  it('is off unless turned on', () => {
    expect(testEnv({}).OFF_LIVE_LOOKUP).toBe(false);
  });

  it('opens a product only OFF knows on the first lookup, imported as an export row would be', async () => {
    const { status, body } = await lookup(CHAMOMILE);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Chamomile Herbal Tea', brand: "Lagg's" });

    const [imported] = await server.ctx.store.readStream(streams.product(body.id as number));
    expect(imported).toMatchObject({
      type: 'ProductImported',
      data: { code: CHAMOMILE, sourceFormat: 'live', ingredientsText: 'CHAMOMILE FLOWERS.' },
    });
    expect(productCalls(CHAMOMILE)).toEqual([
      { method: 'GET', path: `/api/v2/product/${CHAMOMILE}`, userAgent: `Labelwise/0.1.0 (${CONTACT})` },
    ]);

    // Now ours: answered from the catalogue without asking OFF again.
    const again = await lookup(CHAMOMILE);
    expect(again.body.id).toBe(body.id);
    expect(productCalls(CHAMOMILE)).toHaveLength(1);
  });

  it('answers one call for everyone looking the same code up at once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => lookup(PEPPERMINT)));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(productCalls(PEPPERMINT)).toHaveLength(1);
  });

  it('answers our normal not found for a code OFF does not know, and does not ask again soon', async () => {
    const first = await lookup(UNKNOWN_TO_OFF);
    expect(first.status).toBe(404);
    expect(first.body).toMatchObject({ error: 'PRODUCT_NOT_FOUND' });
    await lookup(UNKNOWN_TO_OFF);
    expect(productCalls(UNKNOWN_TO_OFF)).toHaveLength(1);
  });

  it('never asks OFF for a crawler, a script or a prefetch', async () => {
    expect((await server.api(`/api/products/barcode/${LINDEN}`)).status).toBe(404);
    const crawler = await timedLookup(LINDEN, {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    const prefetch = await timedLookup(LINDEN, { 'sec-purpose': 'prefetch' });
    expect([crawler.status, prefetch.status]).toEqual([404, 404]);
    expect(productCalls(LINDEN)).toHaveLength(0);
  });

  it('answers not found within 2.5 s when OFF is slow, answers errors or garbage', async () => {
    for (const fault of [
      { kind: 'slow', ms: 6000 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429 },
      { kind: 'malformed' },
    ] as const) {
      off.fault('product', fault);
      const { status, ms } = await timedLookup(LINDEN);
      expect({ fault, status }).toEqual({ fault, status: 404 });
      expect(ms).toBeLessThan(2500);
    }
    off.fault('product', null);
    // A failure is not remembered as "not found": OFF answering again brings the product.
    expect((await lookup(LINDEN)).status).toBe(200);
  });

  it("follows no redirect off OFF's origin: not to another server, nor to the metadata address", async () => {
    const elsewhere = await startOffStandIn();
    try {
      for (const location of [
        `${elsewhere.url}/api/v2/product/${APPLE_CINNAMON}`,
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        off.fault('product', { kind: 'redirect', location });
        const { status, ms } = await timedLookup(APPLE_CINNAMON);
        expect({ location, status }).toEqual({ location, status: 404 });
        expect(ms).toBeLessThan(2500);
      }
      off.fault('product', null);
      expect(elsewhere.requests).toEqual([]);
      expect(await findProductByBarcode(server.ctx.db, APPLE_CINNAMON)).toBeUndefined();
      // A refusal is OFF failing, not "not found": OFF answering itself brings the product.
      expect((await lookup(APPLE_CINNAMON)).status).toBe(200);
    } finally {
      await elsewhere.stop();
    }
  });

  it('answers not found within 2.5 s when OFF is down, then stops asking it for a while (circuit open)', async () => {
    const port = Number(new URL(off.url).port);
    await off.stop();
    for (let i = 0; i < 5; i++) {
      const { status, ms } = await timedLookup(HIBISCUS);
      expect(status).toBe(404);
      expect(ms).toBeLessThan(2500);
    }
    off = await startOffStandIn({ port });
    const { status, ms } = await timedLookup(HIBISCUS);
    expect(status).toBe(404);
    expect(ms).toBeLessThan(100);
    expect(productCalls(HIBISCUS)).toHaveLength(0);
  });
});

describe('who may make live lookups call Open Food Facts', () => {
  /** A server of its own on the shared stand-in, with `env` over the live lookup's. */
  async function withServer(env: Record<string, string>, use: (own: TestServer) => Promise<void>) {
    const own = await startTestServer({ env: { ...liveLookupEnv(), ...env } });
    try {
      await use(own);
    } finally {
      await own.stop();
    }
  }
  /** Barcodes OFF does not know, new to every test: each lookup of one asks OFF once at most. */
  let next = 4_000_000_100;
  const unknownCodes = (count: number) => Array.from({ length: count }, () => `00${next++}`);
  const callsFor = (codes: string[]) =>
    off.requests.filter((r) => codes.some((c) => r.path.endsWith(`/${c}`)));

  it('reaches an OFF on a loopback or private address only with OFF_ALLOW_PRIVATE_NETWORK', async () => {
    const codes = unknownCodes(2);
    const byName = `http://localhost:${new URL(off.url).port}`;
    await withServer({ OFF_ALLOW_PRIVATE_NETWORK: 'false' }, async (own) => {
      expect((await lookup(codes[0]!, {}, own)).status).toBe(404);
    });
    await withServer({ OFF_ALLOW_PRIVATE_NETWORK: 'false', OFF_API_URL: byName }, async (own) => {
      expect((await lookup(codes[1]!, {}, own)).status).toBe(404);
    });
    expect(callsFor(codes)).toEqual([]);
  });

  it('trusts no X-Forwarded-For by default: every address it names is the one that connected', async () => {
    const codes = unknownCodes(6);
    await withServer({ OFF_LIVE_LOOKUPS_PER_MINUTE: '2', OFF_CALLS_PER_MINUTE: '100' }, async (own) => {
      for (const [i, code] of codes.entries())
        expect((await lookup(code, { 'x-forwarded-for': `203.0.113.${i + 1}` }, own)).status).toBe(404);
    });
    expect(callsFor(codes)).toHaveLength(2);
  });

  it('makes at most OFF_CALLS_PER_MINUTE calls a minute, whatever the addresses (TRUST_PROXY=loopback)', async () => {
    const codes = unknownCodes(10);
    await withServer(
      { TRUST_PROXY: 'loopback', OFF_LIVE_LOOKUPS_PER_MINUTE: '30', OFF_CALLS_PER_MINUTE: '4' },
      async (own) => {
        for (const [i, code] of codes.entries())
          expect((await lookup(code, { 'x-forwarded-for': `203.0.113.${i + 1}` }, own)).status).toBe(404);
      },
    );
    expect(callsFor(codes)).toHaveLength(4);
  });
});
