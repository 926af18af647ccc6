import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportedProduct, Rating } from '@labelwise/domain';
import {
  caughtUp,
  createdProduct,
  RATED_INGREDIENTS,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { importProducts } from '../../../testing/imported-products';
import { noNutritionValues as none } from '@labelwise/domain/testing';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let shelf: Awaited<ReturnType<typeof seedJamShelf>>;

const STRAWBERRIES = ['plant based foods and beverages', 'fruits based foods', 'fruits', 'strawberries'];

/**
 * Imported strawberries of every rating and one unrated, a fruit of the broader kind, products
 * named like the target sharing only OFF's root category ('plant based foods and beverages'),
 * and community scans without categories, one named like the target and one unrelated.
 */
async function seedJamShelf() {
  const off = (name: string, rating: Rating | null, categories = STRAWBERRIES) => ({
    name,
    categories,
    ...(rating === null
      ? { ingredientsText: null, unratedReason: 'ingredients not in English' as const }
      : { ingredientsText: RATED_INGREDIENTS[rating] }),
  });
  const imported = await importProducts(server, [
    off('Confiture Fraise', 'amber'),
    off('Fraise Extra', 'green'),
    off('Fraise Gariguette', 'amber'),
    off('Fraise Bonne Maman', 'red'),
    off('Confiture Fraise Bio', null),
    off('Apricot Halves', 'green', STRAWBERRIES.slice(0, 3)),
    off('Confiture Fraise Dessert', 'green', [STRAWBERRIES[0]!, 'desserts', 'fruit desserts']),
    off('Confiture Fraise Snack', 'green', [STRAWBERRIES[0]!]),
  ]);
  const [target, kindGreen, kindAmber, kindRed, kindUnrated, broader, sharesRoot, rootOnly] = imported.map(
    (product: ImportedProduct) => product.productId,
  ) as [number, number, number, number, number, number, number, number];
  const author = await registeredUser(server);
  const scan = await createdProduct(server, author, {
    name: 'Confiture Fraise Maison',
    ingredients: RATED_INGREDIENTS.green,
  });
  const water = await createdProduct(server, author, {
    name: 'Sparkling Mineral Water',
    ingredients: RATED_INGREDIENTS.green,
  });
  await caughtUp(server, ['product_cards']);
  return { target, kindGreen, kindAmber, kindRed, kindUnrated, broader, sharesRoot, rootOnly, scan, water };
}

const alternatives = async (id: number) => {
  const res = await server.api(`/api/alternatives/${id}`);
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; rating: Rating }>;
};
const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

beforeAll(async () => {
  server = await startTestServer();
  shelf = await seedJamShelf();
});
afterAll(async () => {
  await server?.stop();
});

it('rates the seeded shelf as intended', async () => {
  const rating = async (id: number) => (await server.api(`/api/products/${id}`)).body.rating as Rating | null;
  const { target, kindGreen, kindAmber, kindRed, kindUnrated, broader, sharesRoot, rootOnly, scan } = shelf;
  expect(
    await Promise.all(
      [target, kindGreen, kindAmber, kindRed, kindUnrated, broader, sharesRoot, rootOnly, scan].map(rating),
    ),
  ).toEqual(['amber', 'green', 'amber', 'red', null, 'green', 'green', 'green', 'green']);
});

it('offers better products of the same kind, then of a broader category, then scans named alike', async () => {
  // Green: the same kind, the broader 'fruits', the community scan; never the amber of its kind.
  expect(ids(await alternatives(shelf.target))).toEqual([shelf.kindGreen, shelf.broader, shelf.scan]);
});

it('offers nothing for a Green product with nothing known against its nutrition: none is better', async () => {
  expect(await alternatives(shelf.kindGreen)).toEqual([]);
  expect(await alternatives(shelf.scan)).toEqual([]);
});

it('never offers a product sharing only OFF’s root category, whatever its name', async () => {
  for (const id of [shelf.target, shelf.kindUnrated]) {
    const offered = ids(await alternatives(id));
    for (const unrelated of [shelf.sharesRoot, shelf.rootOnly, shelf.water])
      expect(offered).not.toContain(unrelated);
  }
});

it('offers an unrated product rated ones of its kind, any rating, best first, never an unrated one', async () => {
  const cards = await alternatives(shelf.kindUnrated);
  expect(ids(cards)).toEqual([
    shelf.kindGreen,
    shelf.broader,
    shelf.scan,
    ...ids(cards.slice(3, 5)),
    shelf.kindRed,
  ]);
  expect(new Set(ids(cards.slice(3, 5)))).toEqual(new Set([shelf.target, shelf.kindAmber]));
});

it('offers a community scan without categories better products sharing half its name words', async () => {
  const author = await registeredUser(server);
  const redScan = await createdProduct(server, author, {
    name: 'Confiture Fraise Maison Rouge',
    ingredients: RATED_INGREDIENTS.red,
  });
  await caughtUp(server, ['product_cards']);
  // Two of four name words; never the red strawberries with the same ingredients.
  const cards = await alternatives(redScan);
  expect(new Set(ids(cards))).toEqual(new Set([shelf.sharesRoot, shelf.rootOnly, shelf.scan, shelf.target]));
  expect(cards.every((card) => card.rating !== 'red')).toBe(true);
});

it('finds the products sharing most of a name among many more sharing one of its words', async () => {
  const author = await registeredUser(server);
  // Sixty products share 'milk' with the target and nothing else; one shares its whole name. A
  // look at the first 50 products holding any of its words would not reach it.
  const milkDrinks = await importProducts(
    server,
    Array.from({ length: 60 }, (_, i) => ({
      name: `Milk Drink ${i + 1}`,
      categories: [],
      ingredientsText: RATED_INGREDIENTS.green,
    })),
  );
  const bar = await createdProduct(server, author, {
    name: 'Solid Milk Chocolate Bar',
    ingredients: RATED_INGREDIENTS.green,
  });
  const target = await createdProduct(server, author, {
    name: 'Solid Milk Chocolate',
    ingredients: RATED_INGREDIENTS.red,
  });
  await caughtUp(server, ['product_cards']);

  const found = ids(await alternatives(target));
  expect(found).toContain(bar);
  expect(found.filter((id) => milkDrinks.some((drink) => drink.productId === id))).toEqual([]);
});

it('never offers a product high in sugar, salt or fat (or Nutri-Score D/E without values) as better or clean', async () => {
  const [sugary, gradedE] = await importProducts(server, [
    {
      name: 'Fraise Sirop',
      categories: STRAWBERRIES,
      ingredientsText: RATED_INGREDIENTS.green,
      nutrition: { ...none, sugars: 60, salt: 0.01 },
    },
    {
      name: 'Fraise Nutri',
      categories: STRAWBERRIES,
      ingredientsText: RATED_INGREDIENTS.green,
      nutrition: none,
      nutriScoreGrade: 'e',
    },
  ]);
  const poor = [sugary!.productId, gradedE!.productId];
  const product = await server.api(`/api/products/${sugary!.productId}`);
  expect(product.body).toMatchObject({
    rating: 'green',
    off: { frontOfPack: { per: '100 g', warnings: ['high-sugars'] } },
  });

  // As Green as its kind, but worse nutrition: the Green ones of its kind are better.
  const better = await alternatives(sugary!.productId);
  expect(ids(better).slice(0, 2)).toEqual([shelf.kindGreen, shelf.broader]);
  expect(ids(better)).not.toContain(gradedE!.productId);
  for (const id of [shelf.target, shelf.kindUnrated])
    for (const p of poor) expect(ids(await alternatives(id))).not.toContain(p);

  const clean = await server.api('/api/community/clean-alternatives');
  expect(clean.status).toBe(200);
  const cleanCards = clean.body as Array<{ id: number; nutritionWarnings: string[] }>;
  // The newest Green products: the two above would come first.
  expect(cleanCards.length).toBeGreaterThan(0);
  for (const p of poor) expect(ids(cleanCards)).not.toContain(p);
  expect(cleanCards.every((card) => card.nutritionWarnings.length === 0)).toBe(true);

  const search = await server.api('/api/products/search?q=Fraise%20Sirop');
  const tile = (search.body as Array<{ id: number; nutritionWarnings: string[] }>).find(
    (card) => card.id === sugary!.productId,
  );
  expect(tile?.nutritionWarnings).toEqual(['high-sugars']);
});
