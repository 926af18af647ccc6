import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDecider, streams, type ImportedProduct } from '@labelwise/domain';
import { handleCommand } from '@labelwise/event-store';
import { createUser, type TestUser } from '../../../../testing/emulator-users';
import { importProducts, updateFromSource } from '../../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../../testing/test-server';
import {
  caughtUp,
  countEvents,
  createdProduct,
  registeredUser,
  removeProduct,
} from '../../../../testing/catalogue-fixtures';
import { commandMetadata } from '../../../commands/run-command';
import { BATCH_SIZE } from './brand-correction';

let server: TestServer;
let admin: TestUser;
let member: TestUser;

const brandList = (filter: object = {}, range: [number, number] = [0, 99]) =>
  server.api(
    `/api/admin/brands?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}`,
    { token: admin.idToken },
  );

const correct = (body: unknown, headers: Record<string, string> = {}) =>
  server.api('/api/admin/brands/corrections', { method: 'POST', token: admin.idToken, body, headers });

/** Each listed spelling matching `q`, with its product count. */
async function spellings(q: string): Promise<Record<string, number>> {
  const res = await brandList({ q });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body as { brand: string; products: number }[]).map(({ brand, products }) => [brand, products]),
  );
}

/** Importing and correcting hundreds of products, one stream each, on a busy machine. */
const manyProducts = { timeout: 240_000 };

const importBranded = (brand: string, count: number) =>
  importProducts(
    server,
    Array.from({ length: count }, () => ({ brand })),
  );

async function brandsOf(products: readonly { productId: number }[]) {
  const brands = await Promise.all(
    products.map(async ({ productId }) => (await server.api(`/api/products/${productId}`)).body.brand),
  );
  return new Set(brands);
}

beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMIT_WRITES_PER_USER: '0', RATE_LIMIT_WRITES_PER_IP: '0' },
  });
  admin = await createUser({ admin: true, verified: true });
  member = await registeredUser(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/admin/brands', () => {
  it('lists each spelling of the listed products with how many carry it, searchable and sorted', async () => {
    await importBranded('Zebrafoods', 3);
    await importBranded('ZEBRAFOODS', 2);
    await importBranded("Zebrafoods's", 1);
    const removed = await createdProduct(server, member, {
      name: 'Striped biscuits',
      brand: 'ZEBRAFOODS',
      ingredients: 'wheat flour, sugar',
    });
    await removeProduct(server, admin, removed);
    await caughtUp(server, ['product_cards']);

    expect(await spellings('zebrafood')).toEqual({ Zebrafoods: 3, ZEBRAFOODS: 2, "Zebrafoods's": 1 });
    const page = await brandList({ q: 'zebrafood' }, [0, 1]);
    expect(page.body).toEqual([
      { id: 'Zebrafoods', brand: 'Zebrafoods', products: 3 },
      { id: 'ZEBRAFOODS', brand: 'ZEBRAFOODS', products: 2 },
    ]);
    expect(page.headers.get('content-range')).toBe('brands 0-1/3');
    // A search term's wildcards are plain characters.
    expect(await spellings('zebra%s')).toEqual({});
    const sorted = async (sort: [string, string]) =>
      (
        await server.api(
          `/api/admin/brands?filter=${encodeURIComponent('{"q":"zebra"}')}&sort=${encodeURIComponent(JSON.stringify(sort))}`,
          { token: admin.idToken },
        )
      ).body.map((row: { brand: string }) => row.brand);
    expect(await sorted(['products', 'ASC'])).toEqual(["Zebrafoods's", 'ZEBRAFOODS', 'Zebrafoods']);
    expect(await sorted(['brand', 'DESC'])).toEqual((await sorted(['brand', 'ASC'])).reverse());
  });

  it('refuses an unknown filter or sort field with 400', async () => {
    expect((await brandList({ brand: 'x' })).status).toBe(400);
    const res = await server.api(`/api/admin/brands?sort=${encodeURIComponent('["name","ASC"]')}`, {
      token: admin.idToken,
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'VALIDATION_ERROR' } });
  });
});

describe('POST /api/admin/brands/corrections', () => {
  it(
    'gives every listed product of the old spelling the new one, hundreds of them batch by batch, verdicts unchanged',
    manyProducts,
    async () => {
      const misspelt = await importBranded('CADBURY', BATCH_SIZE + 60);
      const [kept] = await importBranded('Cadbury', 1);
      const removed = await createdProduct(server, member, {
        name: 'Old chocolate',
        brand: 'CADBURY',
        ingredients: 'sugar, cocoa butter',
      });
      await removeProduct(server, admin, removed);
      const pageBefore = (await server.api(`/api/products/${misspelt[0]!.productId}`)).body;

      const first = await correct({ from: 'CADBURY', to: 'Cadbury' });

      const next = misspelt[BATCH_SIZE - 1]!.productId;
      expect(first).toMatchObject({
        status: 200,
        body: { from: 'CADBURY', to: 'Cadbury', corrected: BATCH_SIZE, next },
      });
      // The answer waited for the catalogue: the list shows the batch at once.
      expect(await spellings('cadbury')).toEqual({ Cadbury: BATCH_SIZE + 1, CADBURY: 60 });
      const rest = await correct({ from: 'CADBURY', to: 'Cadbury', after: next });
      expect(rest.body).toEqual({ from: 'CADBURY', to: 'Cadbury', corrected: 60, next: null });
      expect(await spellings('cadbury')).toEqual({ Cadbury: BATCH_SIZE + 61 });
      // Past the last batch: nothing left, which is not an error.
      const past = await correct({ from: 'CADBURY', to: 'Cadbury', after: misspelt.at(-1)!.productId });
      expect(past).toMatchObject({ status: 200, body: { corrected: 0, next: null } });

      expect(await brandsOf(misspelt)).toEqual(new Set(['Cadbury']));
      expect((await server.api(`/api/products/${misspelt[0]!.productId}`)).body).toEqual({
        ...pageBefore,
        brand: 'Cadbury',
      });
      const events = await server.ctx.store.readStream(streams.product(misspelt[0]!.productId));
      expect(events.at(-1)).toMatchObject({
        type: 'ProductBrandCorrected',
        data: { productId: misspelt[0]!.productId, brand: 'Cadbury' },
        metadata: { actor: admin.uid },
      });
      // One request, one correlation: the audit trail ties a batch's corrections together.
      const lastOfBatch = await server.ctx.store.readStream(streams.product(next));
      expect(lastOfBatch.at(-1)!.metadata.correlationId).toBe(events.at(-1)!.metadata.correlationId);
      expect(
        (await server.ctx.store.readStream(streams.product(kept!.productId))).map((e) => e.type),
      ).toEqual(['ProductImported']);
      expect((await server.ctx.store.readStream(streams.product(removed))).at(-1)!.type).toBe(
        'ProductRemoved',
      );
      expect((await server.api(`/api/admin/products/${removed}`, { token: admin.idToken })).body.brand).toBe(
        'CADBURY',
      );
    },
  );

  it('does nothing twice for a retried request, and finds nothing left to correct without its key', async () => {
    await importBranded('Kelloggs', 5);
    const key = { 'Idempotency-Key': 'brand-correction-kelloggs-1' };
    const first = await correct({ from: 'Kelloggs', to: "Kellogg's" }, key);
    expect(first.body).toEqual({ from: 'Kelloggs', to: "Kellogg's", corrected: 5, next: null });
    const before = await countEvents(server);

    const retried = await correct({ from: 'Kelloggs', to: "Kellogg's" }, key);
    expect(retried).toMatchObject({ status: 200, body: first.body });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const again = await correct({ from: 'Kelloggs', to: "Kellogg's" });
    expect(again).toMatchObject({ status: 404, body: { error: 'BRAND_NOT_FOUND' } });
    expect(await countEvents(server)).toBe(before);
  });

  it('finishes, when run again, a correction that stopped halfway', async () => {
    const products = await importBranded('nestle', 40);
    // What a run that died halfway leaves: the first products corrected, the others not.
    for (const { productId } of products.slice(0, 25)) {
      await handleCommand({
        store: server.ctx.store,
        decider: productDecider,
        stream: streams.product(productId),
        command: { type: 'CorrectBrand', from: 'nestle', to: 'Nestlé' },
        metadata: commandMetadata(admin.uid, new Date()),
      });
    }
    await caughtUp(server, ['product_cards']);
    expect(await spellings('nestl')).toEqual({ nestle: 15, Nestlé: 25 });

    const rerun = await correct({ from: 'nestle', to: 'Nestlé' });
    expect(rerun.body).toEqual({ from: 'nestle', to: 'Nestlé', corrected: 15, next: null });
    expect(await spellings('nestl')).toEqual({ Nestlé: 40 });
    const histories = await Promise.all(
      products.map(({ productId }) => server.ctx.store.readStream(streams.product(productId))),
    );
    expect(histories.every((events) => events.length === 2)).toBe(true);
  });

  it('keeps the corrected brand over a later Open Food Facts export, which updates the rest', async () => {
    const [product] = await importBranded('MARS INC', 1);
    expect((await correct({ from: 'MARS INC', to: 'Mars' })).body.corrected).toBe(1);
    const newer: ImportedProduct = {
      ...product!,
      name: 'Porridge Oats, new recipe',
      lastModifiedT: product!.lastModifiedT + 1000,
    };
    await updateFromSource(server, newer);

    const page = (await server.api(`/api/products/${product!.productId}`)).body;
    expect(page).toMatchObject({ name: 'Porridge Oats, new recipe', brand: 'Mars' });
    const record = (await server.api(`/api/admin/products/${product!.productId}`, { token: admin.idToken }))
      .body;
    expect(record.correctedFields).toEqual(['brand']);
  });

  it('refuses bad input with a 4xx naming the problem, changing nothing', async () => {
    await importBranded('Walkers', 1);
    const before = await countEvents(server);
    const refusals: [unknown, number, string, RegExp][] = [
      [{ from: '', to: 'Walkers Ltd' }, 400, 'VALIDATION_ERROR', /^from: is required$/],
      [{ from: '   ', to: 'Walkers Ltd' }, 400, 'VALIDATION_ERROR', /^from: is required$/],
      [{ from: 'Walkers', to: '  ' }, 400, 'VALIDATION_ERROR', /^to: is required$/],
      [{ from: 'Walkers', to: 'W'.repeat(201) }, 400, 'VALIDATION_ERROR', /to: must be at most 200/],
      [{ from: 'W'.repeat(201), to: 'Walkers' }, 400, 'VALIDATION_ERROR', /from: must be at most 200/],
      [{ from: 'Walkers', to: ' Walkers ' }, 400, 'VALIDATION_ERROR', /^to: must differ/],
      [{ from: 'Walkers', to: 'Walkers Ltd', all: true }, 400, 'VALIDATION_ERROR', /all/],
      [
        { from: 'Walkers', to: 'Walkers Ltd', after: -1 },
        400,
        'VALIDATION_ERROR',
        /^after: must be a product id$/,
      ],
      [{ from: 'Walkers', to: 'Walkers Ltd', after: '12' }, 400, 'VALIDATION_ERROR', /^after: /],
      [{ from: 'Walkers', to: 'Wal\u0000kers' }, 400, 'INVALID_CHARACTERS', /^to: /],
      [
        { from: 'Walkerz', to: 'Walkers' },
        404,
        'BRAND_NOT_FOUND',
        /^No listed product carries this brand\.$/,
      ],
    ];
    for (const [body, status, error, message] of refusals) {
      const res = await correct(body);
      expect(res, JSON.stringify(body)).toMatchObject({ status, body: { error } });
      expect(res.body.message).toMatch(message);
    }
    expect(await countEvents(server)).toBe(before);
    expect(await spellings('walkers')).toEqual({ Walkers: 1 });
  });
});
