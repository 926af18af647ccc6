import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caughtUp,
  createdProduct,
  expectRefused,
  registeredUser,
  removeProduct,
} from '../../../testing/catalogue-fixtures';
import { createUser } from '../../../testing/emulator-users';
import { importProducts } from '../../../testing/imported-products';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
const products = {
  oatMilk: {
    name: 'Oat Milk',
    brand: 'Field Dairy Free',
    ingredients: 'Water, oats (10%), sunflower oil, sea salt',
  },
  latte: { name: 'Iced Latte', brand: 'Barista Co', ingredients: 'Coffee, oat milk (water, oats), sugar' },
  darkChocolate: {
    name: 'Dark Chocolate Bar',
    brand: 'Cocoa Joy',
    ingredients: 'Cocoa mass, sugar, cocoa butter',
  },
  biscuits: {
    name: 'Hazelnut Biscuits',
    brand: 'Crumbs',
    ingredients: 'Wheat flour, chocolate (cocoa mass, sugar), hazelnuts',
  },
  cremeFraiche: { name: 'Crème Fraîche', brand: 'Laiterie Élan', ingredients: 'Cream, lactic cultures' },
};
const ids = {} as Record<keyof typeof products, number>;

const search = async (q: string) => {
  const res = await server.api(`/api/products/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; name: string; brand: string; rating: string; nearMatch: boolean }>;
};
const names = async (q: string) => (await search(q)).map((hit) => hit.name);

beforeAll(async () => {
  server = await startTestServer();
  const user = await registeredUser(server);
  for (const [key, product] of Object.entries(products))
    ids[key as keyof typeof products] = await createdProduct(server, user, product);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/products/search', () => {
  it('answers product cards', async () => {
    const [hit] = await search('Oat Milk');
    expect(hit).toEqual({
      id: ids.oatMilk,
      name: 'Oat Milk',
      brand: 'Field Dairy Free',
      rating: expect.stringMatching(/^(green|amber|red)$/),
      imageUrl: null,
      category: null,
      nutritionWarnings: [],
      dietaryFlags: expect.any(Array),
      nearMatch: false,
    });
  });

  it('puts products of the kind searched for first: crisps before a crisp bar or crispy nuggets', async () => {
    const user = await registeredUser(server);
    const named = await createdProduct(server, user, {
      name: 'Sea Salt Crisps',
      ingredients: 'Potatoes, oil, salt',
    });
    await createdProduct(server, user, { name: 'Drizzled Crisp Bar', ingredients: 'Rice crisps, chocolate' });
    const [filed] = await importProducts(server, [
      {
        name: 'Pfiff Chips Western-Style',
        categories: ['snacks', 'salty snacks', 'crisps', 'potato crisps'],
      },
    ]);
    await caughtUp(server, ['product_cards']);
    const hits = await search('crisps');
    // The starter set's Crispy Chicken Nuggets match by a typo; the bar holds "crisps" in its ingredients.
    expect(new Set(hits.slice(0, 2).map((hit) => hit.id))).toEqual(new Set([named, filed!.productId]));
    expect(hits.map((hit) => hit.name)).toEqual(
      expect.arrayContaining(['Drizzled Crisp Bar', 'Crispy Chicken Nuggets']),
    );
  });

  it('says when nothing holds every word, and answers products holding some as near matches', async () => {
    const user = await registeredUser(server);
    await createdProduct(server, user, { name: 'Almond Butter', ingredients: 'Roasted almonds' });
    await caughtUp(server, ['product_cards']);
    const hits = await search('almond biscuits');
    expect(hits.map((hit) => hit.name)).toEqual(
      expect.arrayContaining(['Almond Butter', 'Hazelnut Biscuits']),
    );
    expect(hits.every((hit) => hit.nearMatch)).toBe(true);
  });

  it('answers ingredients holding the words as written as a match, holding them apart as a near match', async () => {
    const user = await registeredUser(server);
    const apart = await createdProduct(server, user, {
      name: 'Porridge Sachet',
      ingredients: 'Oats, skimmed milk powder',
    });
    await caughtUp(server, ['product_cards']);
    const hits = await search('oat milk');
    const near = (id: number) => hits.find((hit) => hit.id === id)?.nearMatch;
    expect([near(ids.oatMilk), near(ids.latte), near(apart)]).toEqual([false, false, true]);
    // Every match before every near match.
    expect(hits.map((hit) => hit.nearMatch)).toEqual([...hits.map((hit) => hit.nearMatch)].sort());
  });

  it('answers each product once, however many packs of it the catalogue holds', async () => {
    const user = await registeredUser(server);
    const packs = [];
    for (const ingredients of ['Oats, dates, cashews', 'Oats, dates, cashew nuts'])
      packs.push(await createdProduct(server, user, { name: 'Date Bites', brand: 'Pantry', ingredients }));
    await caughtUp(server, ['product_cards']);
    const ratings = await Promise.all(
      packs.map(async (id) => (await server.api(`/api/products/${id}`)).body.rating),
    );
    expect(ratings[0]).toBe(ratings[1]);
    expect((await names('date bites')).filter((name) => name === 'Date Bites')).toEqual(['Date Bites']);
  });

  it('ranks a whole-word name match above prefix and typo matches, however new they are', async () => {
    const user = await registeredUser(server);
    const whole = await createdProduct(server, user, {
      name: 'Plum Jam',
      ingredients: 'Plums, sugar, lemon juice',
    });
    const prefix = await createdProduct(server, user, {
      name: 'Plumberry Preserve',
      ingredients: 'Plums, blackberries, sugar',
    });
    const typo = await createdProduct(server, user, { name: 'Plun Cake', ingredients: 'Flour, plums, eggs' });
    await caughtUp(server, ['product_cards']);
    const hits = (await search('plum')).map((hit) => hit.id);
    expect(hits[0]).toBe(whole);
    expect(hits.slice(1)).toEqual(expect.arrayContaining([prefix, typo]));
  });

  it('ranks an exact name above a product that only mentions it in its ingredients', async () => {
    const hits = (await search('oat milk')).map((hit) => hit.id);
    expect(hits[0]).toBe(ids.oatMilk);
    expect(hits).toContain(ids.latte);
  });

  it('ranks name matches above ingredient mentions', async () => {
    const hits = (await search('chocolate')).map((hit) => hit.id);
    expect(hits).toEqual(expect.arrayContaining([ids.darkChocolate, 10, ids.biscuits]));
    expect(hits.indexOf(ids.biscuits)).toBeGreaterThan(
      Math.max(hits.indexOf(ids.darkChocolate), hits.indexOf(10)),
    );
  });

  it('searches the brand', async () => {
    expect(await names('nutwright')).toEqual(expect.arrayContaining(['Smooth Peanut Butter', 'Mixed Nuts']));
  });

  it('forgives small typos', async () => {
    expect(await names('choclate')).toEqual(
      expect.arrayContaining(['Dark Chocolate Bar', 'Chocolate Hazelnut Spread']),
    );
    expect(await names('hazlenut biscuits')).toContain('Hazelnut Biscuits');
    expect(await names('yoghurt')).toContain('Natural Greek Style Yogurt');
  });

  it('corrects typos only towards words of products still listed', async () => {
    const user = await registeredUser(server);
    const admin = await createUser({ admin: true, verified: true });
    const chutney = await createdProduct(server, user, {
      name: 'Tamarind Chutney',
      ingredients: 'Tamarind, dates',
    });
    // Three words closer to the typo than "tamarind", left without products by the removal.
    const removed = await createdProduct(server, user, {
      name: 'Tamarnda Tamarndb Tamarndc',
      ingredients: 'Tamarind',
    });
    await removeProduct(server, admin, removed);
    await caughtUp(server, ['product_cards']);
    expect((await search('tamarnd')).map((hit) => hit.id)).toEqual([chutney]);
    expect((await search('Tamarnda Tamarndb Tamarndc')).map((hit) => hit.id)).not.toContain(removed);
  });

  it('answers a repeated search from memory only until the catalogue changes', async () => {
    const user = await registeredUser(server);
    const admin = await createUser({ admin: true, verified: true });
    const matches = async (q: string) => (await search(q)).filter((hit) => !hit.nearMatch);
    expect(await matches('quinoa crispbread')).toEqual([]);
    const added = await createdProduct(server, user, {
      name: 'Quinoa Crispbread',
      ingredients: 'Quinoa, salt',
    });
    expect((await matches('quinoa crispbread')).map((hit) => hit.id)).toEqual([added]);
    await removeProduct(server, admin, added);
    await caughtUp(server, ['product_cards']);
    expect(await matches('quinoa crispbread')).toEqual([]);
  });

  it('ignores case and accents, in the query and in the product', async () => {
    const expected = await search('chocolate');
    expect(await search('CHOCOLATE')).toEqual(expected);
    expect(await search('ChOcOlAtE')).toEqual(expected);
    for (const q of ['creme', 'CRÈME', 'creme fraiche', 'laiterie elan'])
      expect(await names(q)).toContain('Crème Fraîche');
  });

  it('matches word prefixes', async () => {
    expect(await names('peanut butt')).toContain('Smooth Peanut Butter');
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search('zzqxj')).toEqual([]);
    expect(await search('***')).toEqual([]);
  });

  it('refuses a blank or missing term with 400', async () => {
    for (const path of ['/api/products/search', '/api/products/search?q=', '/api/products/search?q=%20%20']) {
      await expectRefused(server, () => server.api(path), {
        status: 400,
        error: 'QUERY_REQUIRED',
        message: 'Enter a search term.',
      });
    }
    await expectRefused(server, () => server.api(`/api/products/search?q=${'a'.repeat(201)}`), {
      status: 400,
      error: 'QUERY_TOO_LONG',
    });
  });
});
