import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProduct, OffNutrition, Rating } from '@labelwise/domain';
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

const STRAWBERRIES = ['plant based foods and beverages', 'fruits based foods', 'fruits', 'strawberries'];
const HAZELNUT_SPREADS = [
  'breakfasts',
  'spreads',
  'sweet spreads',
  'hazelnut spreads',
  'cocoa and hazelnuts spreads',
];
/** What OFF says of a hazelnut spread like Nutella: high in fat, saturates and sugar. */
const SPREAD_NUTRITION: OffNutrition = { ...none, fat: 30.9, saturatedFat: 10.6, sugars: 56.3, salt: 0.107 };

type Shelf = Record<string, number>;

/** Imported products (OFF's categories and values), named as `name`; `rating` picks the ingredients. */
async function imported(
  products: Record<string, { rating: Rating | null; categories?: string[]; nutrition?: OffNutrition }>,
): Promise<Shelf> {
  const names = Object.keys(products);
  const done = await importProducts(
    server,
    names.map((name) => {
      const { rating, categories = [], nutrition = none } = products[name]!;
      return {
        name,
        brand: 'Shelf Test',
        categories,
        nutrition,
        nutriScoreGrade: null,
        ...(rating === null
          ? { ingredientsText: null, unratedReason: 'ingredients not in English' as const }
          : { ingredientsText: RATED_INGREDIENTS[rating] }),
      };
    }),
  );
  return Object.fromEntries(done.map((product: ImportedProduct, i) => [names[i]!, product.productId]));
}

const alternatives = async (id: number) => {
  const res = await server.api(`/api/alternatives/${id}`);
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; name: string; rating: Rating }>;
};
const names = async (id: number) => (await alternatives(id)).map((card) => card.name);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('a better choice of the same kind of food', () => {
  let shelf: Shelf;
  beforeAll(async () => {
    shelf = await imported({
      'Strawberry Conserve': { rating: 'amber', categories: STRAWBERRIES },
      'Fraise Extra': { rating: 'green', categories: STRAWBERRIES },
      'Fraise Gariguette': { rating: 'amber', categories: STRAWBERRIES },
      'Fraise Bonne Maman': { rating: 'red', categories: STRAWBERRIES },
      'Confiture Fraise Bio': { rating: null, categories: STRAWBERRIES },
      'Apricot Halves': { rating: 'green', categories: STRAWBERRIES.slice(0, 3) },
      'Fruit Mix': { rating: 'green', categories: STRAWBERRIES.slice(0, 2) },
      'Fraise Dessert': { rating: 'green', categories: [STRAWBERRIES[0]!, 'desserts', 'fruit desserts'] },
      'Fraise Snack': { rating: 'green', categories: [STRAWBERRIES[0]!] },
    });
  });

  it('rates the shelf as intended', async () => {
    const rating = async (id: number) => (await server.api(`/api/products/${id}`)).body.rating;
    expect(await Promise.all(Object.values(shelf).map(rating))).toEqual([
      'amber',
      'green',
      'amber',
      'red',
      null,
      'green',
      'green',
      'green',
      'green',
    ]);
  });

  it('offers its kind first, then its broader categories, closest first, never a product rated as well', async () => {
    expect(await names(shelf['Strawberry Conserve']!)).toEqual([
      'Fraise Extra',
      'Apricot Halves',
      'Fruit Mix',
    ]);
  });

  it('offers an unrated product rated ones of its kind, best rated first, never an unrated one', async () => {
    const offered = await names(shelf['Confiture Fraise Bio']!);
    expect(offered[0]).toBe('Fraise Extra');
    expect(new Set(offered.slice(1, 3))).toEqual(new Set(['Fraise Gariguette', 'Strawberry Conserve']));
    expect(offered.slice(3)).toEqual(['Fraise Bonne Maman', 'Apricot Halves', 'Fruit Mix']);
  });

  it('never offers a product sharing only OFF’s root category, or one of another branch', async () => {
    const targets = [
      'Strawberry Conserve',
      'Confiture Fraise Bio',
      'Fraise Bonne Maman',
      'Fraise Gariguette',
    ];
    for (const target of targets) {
      const offered = await names(shelf[target]!);
      for (const unrelated of ['Fraise Dessert', 'Fraise Snack']) expect(offered).not.toContain(unrelated);
    }
  });

  it('never reaches above its three most specific categories', async () => {
    const [deep] = await imported({
      'Deep Strawberry Jam': {
        rating: 'red',
        categories: [...STRAWBERRIES, 'strawberry jams', 'extra jams'],
      },
    }).then(Object.values);
    // 'strawberries' is two steps up from 'extra jams'; 'fruits' three, 'fruits based foods' four.
    const offered = await names(deep!);
    expect(offered[0]).toBe('Fraise Extra');
    expect(new Set(offered.slice(1))).toEqual(new Set(['Fraise Gariguette', 'Strawberry Conserve']));
  });

  it('offers a Green product nothing: nothing is rated better', async () => {
    expect(await alternatives(shelf['Fraise Extra']!)).toEqual([]);
  });
});

describe('what the shopper walked into', () => {
  it('offers a hazelnut spread better spreads, never chocolates rated no better, nor one worse in a known nutrient', async () => {
    const shelf = await imported({
      'Hazelnut Spread with Cocoa': {
        rating: 'red',
        categories: HAZELNUT_SPREADS,
        nutrition: SPREAD_NUTRITION,
      },
      'Chocolate Truffles': {
        rating: 'red',
        categories: ['sweet snacks', 'cocoa and its products', 'chocolates'],
      },
      'Dark Chocolate Truffles': { rating: 'red' },
      'Organic Hazelnut Cocoa Spread': {
        rating: 'amber',
        categories: HAZELNUT_SPREADS,
        nutrition: { ...SPREAD_NUTRITION, sugars: 35 },
      },
      'Hazelnut Spread': {
        rating: 'green',
        categories: HAZELNUT_SPREADS.slice(0, 4),
        nutrition: SPREAD_NUTRITION,
      },
      // Better rated, but saltier than the target: worse where both are known.
      'Salted Hazelnut Spread': {
        rating: 'green',
        categories: HAZELNUT_SPREADS,
        nutrition: { ...SPREAD_NUTRITION, salt: 2 },
      },
    });
    expect(await names(shelf['Hazelnut Spread with Cocoa']!)).toEqual([
      'Organic Hazelnut Cocoa Spread',
      'Hazelnut Spread',
    ]);
  });

  it('offers a peanut butter peanut butters, never butter beans or butter', async () => {
    const author = await registeredUser(server);
    const scan = (name: string, rating: Rating) =>
      createdProduct(server, author, { name, ingredients: RATED_INGREDIENTS[rating] });
    const target = await scan('Crunchy Peanut Butter', 'red');
    const smooth = await scan('Smooth Peanut Butter', 'green');
    for (const other of [
      'Butter Beans',
      'Salted Butter',
      'Bread and Butter Pickles',
      'Peanut Butter Cookies',
    ])
      await scan(other, 'green');
    await caughtUp(server, ['product_cards']);
    // The starter set's Smooth Peanut Butter (Risk) may follow: a peanut butter too.
    const offered = await alternatives(target);
    expect(offered[0]!.id).toBe(smooth);
    expect(offered.map((card) => card.name).filter((name) => !/peanut butter$/i.test(name))).toEqual([]);
  });

  it('offers crisps crisps, named so or filed so by OFF, never dried mango or nuts', async () => {
    const shelf = await imported({
      'Sea Salt Potato Crisps': { rating: 'red' },
      'Lightly Salted Crisps': { rating: 'amber' },
      'Pfiff Chips Western-Style': {
        rating: 'green',
        categories: ['snacks', 'salty snacks', 'appetizers', 'crisps', 'potato crisps'],
      },
      'Freeze-Dried Mango': { rating: 'green', categories: ['snacks', 'dried fruits'] },
      'Mixed Nuts': { rating: 'green', categories: ['snacks'] },
      'Drizzled Crisp Bar': { rating: 'green' },
    });
    expect(await names(shelf['Sea Salt Potato Crisps']!)).toEqual([
      'Pfiff Chips Western-Style',
      'Lightly Salted Crisps',
    ]);
  });

  it('never ranks a product above another because nothing is known of its nutrition', async () => {
    const shelf = await imported({
      'Sweet Oat Biscuits': { rating: 'red', nutrition: { ...none, sugars: 30, fat: 20 } },
      // Created last (highest id), and no figures: without the rule it would come first.
      'Plain Oat Biscuits': { rating: 'green', nutrition: { ...none, sugars: 4, fat: 10 } },
      'Rustic Oat Biscuits': { rating: 'green' },
    });
    expect(await names(shelf['Sweet Oat Biscuits']!)).toEqual(['Plain Oat Biscuits', 'Rustic Oat Biscuits']);
  });
});
