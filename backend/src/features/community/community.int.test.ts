import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingRank, type Rating } from '@labelwise/domain';
import {
  createdProduct,
  expectRefused,
  moderate,
  postedReview,
  registeredUser,
} from '../../../testing/catalogue-fixtures';
import { seedFavourites, seedStrawberryShelf } from '../../../testing/community-catalogue';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ALTERNATIVES_LIMIT, COMMUNITY_LIST_LIMIT } from '@labelwise/projections/queries';

interface Card {
  id: number;
  name: string;
  brand: string;
  rating: Rating;
}

let server: TestServer;
let author: TestUser;
let admin: TestUser;
let shelf: Awaited<ReturnType<typeof seedStrawberryShelf>>;
let favourites: Awaited<ReturnType<typeof seedFavourites>>;

const PRODUCT_NOT_FOUND = { status: 404, error: 'PRODUCT_NOT_FOUND', message: 'Product not found' };

const get = async <T>(path: string): Promise<T> => {
  const res = await server.api(path);
  expect(res.status).toBe(200);
  return res.body;
};
const alternatives = (id: number) => get<Card[]>(`/api/alternatives/${id}`);
const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

/** Products' creation times, from GET /api/products/{id}, never increase along `productIds`. */
async function expectNewestFirst(productIds: number[]) {
  const createdAt = await Promise.all(
    productIds.map(async (id) => (await get<{ createdAt: string }>(`/api/products/${id}`)).createdAt),
  );
  expect(createdAt).toEqual([...createdAt].sort().reverse());
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser({ admin: true, verified: true });
  author = await registeredUser(server);
  shelf = await seedStrawberryShelf(server, author, admin);
  favourites = await seedFavourites(server, admin);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/alternatives/{id}', () => {
  it('rates the seeded shelf as intended', async () => {
    const rating = async (id: number) => (await get<Card>(`/api/products/${id}`)).rating;
    expect(
      await Promise.all([shelf.jam, shelf.green[0]!, shelf.amber[0]!, shelf.red[0]!].map(rating)),
    ).toEqual(['amber', 'green', 'amber', 'red']);
  });

  it('answers similar product cards rated better, never one rated as well', async () => {
    const cards = await alternatives(shelf.jam);
    for (const card of cards)
      expect(card).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        brand: expect.any(String),
        rating: 'green',
        imageUrl: null,
        category: null,
        nutritionWarnings: [],
        dietaryFlags: expect.any(Array),
      });
    // All four green jams; none of the amber ones, as amber as the jam.
    expect(new Set(ids(cards))).toEqual(new Set(shelf.green));
  });

  it('never offers the product itself, a worse rated, a removed or an unrelated product', async () => {
    const offered = ids(await alternatives(shelf.jam));
    for (const excluded of [shelf.jam, ...shelf.red, shelf.removed, shelf.unrelated])
      expect(offered).not.toContain(excluded);
  });

  it('offers a green product nothing (none is better), and a red one better ratings, best first', async () => {
    expect(await alternatives(shelf.green[0]!)).toEqual([]);

    // The four green jams, then the two amber ones.
    const forRed = await alternatives(shelf.red[1]!);
    expect(forRed).toHaveLength(ALTERNATIVES_LIMIT);
    const ranks = forRed.map((card) => ratingRank[card.rating]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(Math.min(...ranks)).toBeGreaterThan(ratingRank.red);
  });

  it('offers a product without categories only products of the kind its name says', async () => {
    // 'Strawberry Jelly Sweets' shares a word and its ingredients with the jams, but is no jam.
    expect(ids(await alternatives(shelf.red[0]!))).toEqual([]);
  });

  it('answers an empty list when nothing is similar', async () => {
    const loner = await createdProduct(server, author, { name: 'Kombucha', ingredients: 'Fermented tea' });
    expect(await alternatives(loner)).toEqual([]);
  });

  it('answers 404 for an unknown or removed product and 400 for a malformed id', async () => {
    await expectRefused(server, () => server.api('/api/alternatives/999999'), PRODUCT_NOT_FOUND);
    await expectRefused(server, () => server.api(`/api/alternatives/${shelf.removed}`), PRODUCT_NOT_FOUND);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      await expectRefused(server, () => server.api(`/api/alternatives/${id}`), {
        status: 400,
        error: 'INVALID_PRODUCT_ID',
        message: 'The product id must be a positive whole number.',
      });
    }
  });
});

describe('GET /api/community/clean-alternatives', () => {
  it('answers listed green products (id, name, brand), newest first, at most 24', async () => {
    let newest = 0;
    for (let i = 1; i <= COMMUNITY_LIST_LIMIT; i++)
      newest = await createdProduct(server, author, { name: `Plain Oats No. ${i}`, ingredients: 'Oats' });
    const cards = await get<Card[]>('/api/community/clean-alternatives');
    expect(cards).toHaveLength(COMMUNITY_LIST_LIMIT);
    for (const card of cards)
      expect(card).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        brand: expect.any(String),
        rating: 'green',
        imageUrl: null,
        category: null,
        nutritionWarnings: [],
        dietaryFlags: expect.any(Array),
      });
    expect(cards[0]!.id).toBe(newest);
    await expectNewestFirst(ids(cards));
  });

  it('never lists an amber, red or removed product', async () => {
    const clean = ids(await get<Card[]>('/api/community/clean-alternatives'));
    for (const excluded of [
      shelf.jam,
      ...shelf.amber,
      ...shelf.red,
      shelf.removed,
      favourites.amber,
      favourites.removed,
    ])
      expect(clean).not.toContain(excluded);
  });
});

describe('GET /api/community/favourites', () => {
  const favouritesOf = (query = '') =>
    get<Array<Card & { averageRating: number | null; reviewCount: number }>>(
      `/api/community/favourites${query}`,
    );

  it('lists only recommended green products (a 4-5 star review), most recommendations first; 3 unless asked for more', async () => {
    const [twoRecommendations, oneRecommendation] = favourites.ranked;
    const all = await favouritesOf(`?limit=${COMMUNITY_LIST_LIMIT}`);
    const favourite = (
      id: number | undefined,
      name: string,
      averageRating: number | null,
      reviewCount: number,
    ) => ({
      id,
      name,
      brand: 'Test Brand',
      rating: 'green',
      imageUrl: null,
      category: null,
      nutritionWarnings: [],
      dietaryFlags: expect.any(Array),
      averageRating,
      reviewCount,
    });
    // A 3-star review, scans alone, or nothing: not a favourite.
    expect(all).toEqual([
      favourite(twoRecommendations, 'Favourite Two Recommendations', 4.5, 2),
      favourite(oneRecommendation, 'Favourite One Recommendation', 3.5, 2),
    ]);
    expect(await favouritesOf()).toEqual(all);
    expect(await favouritesOf('?limit=1')).toEqual(all.slice(0, 1));
  });

  it('never lists an amber or removed product, however recommended', async () => {
    const all = ids(await favouritesOf(`?limit=${COMMUNITY_LIST_LIMIT}`));
    expect(all).not.toContain(favourites.amber);
    expect(all).not.toContain(favourites.removed);
  });

  it('counts no review of a suspended author, as the reviews list shows none', async () => {
    const spammer = await registeredUser(server);
    const spammed = await createdProduct(server, author, {
      name: 'Spammed Granola',
      ingredients: 'Oats, raisins',
    });
    await postedReview(server, spammer, { productId: spammed, rating: 5, comment: 'Best ever!' });
    const listed = async () =>
      (await favouritesOf(`?limit=${COMMUNITY_LIST_LIMIT}`)).find((card) => card.id === spammed);
    expect(ids(await favouritesOf('?limit=2'))).toEqual([favourites.ranked[0], spammed]);

    await moderate(server, admin, `/users/${spammer.uid}/suspend`, { reason: 'Spam' });
    expect(ids(await favouritesOf())).toEqual(favourites.ranked.slice(0, 2));
    expect(await listed()).toBeUndefined();

    await moderate(server, admin, `/users/${spammer.uid}/reinstate`, {});
    expect(await listed()).toMatchObject({ averageRating: 5, reviewCount: 1 });
    expect(ids(await favouritesOf('?limit=2'))).toEqual([favourites.ranked[0], spammed]);
  });

  it('orders by average stars with ?order=top-rated, reviewed products only', async () => {
    const [twoRecommendations, oneRecommendation, twoScans, oneScan] = favourites.ranked;
    const topRated = await favouritesOf(`?order=top-rated&limit=${COMMUNITY_LIST_LIMIT}`);
    expect(topRated.every((card) => card.reviewCount > 0 && card.rating === 'green')).toBe(true);
    const averages = topRated.map((card) => card.averageRating ?? 0);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    const seeded = ids(topRated).filter((id) => favourites.ranked.includes(id));
    expect(seeded).toEqual([twoRecommendations, oneRecommendation, twoScans]);
    expect(ids(topRated)).not.toContain(oneScan);
  });

  it('orders by people who scanned a product this month with ?order=trending, reviewed and scanned products only', async () => {
    const [, , twoScans] = favourites.ranked;
    // The product scanned once was never reviewed: not a favourite.
    expect(ids(await favouritesOf(`?order=trending&limit=${COMMUNITY_LIST_LIMIT}`))).toEqual([twoScans]);
  });

  it('refuses an unknown order with 400', async () => {
    await expectRefused(server, () => server.api('/api/community/favourites?order=random'), {
      status: 400,
      error: 'VALIDATION_ERROR',
      message: /^order: /,
    });
  });

  it('refuses a limit outside 1 to 24 with 400', async () => {
    for (const limit of ['0', '25', 'abc', '1.5']) {
      await expectRefused(server, () => server.api(`/api/community/favourites?limit=${limit}`), {
        status: 400,
        error: 'VALIDATION_ERROR',
        message: /^limit: /,
      });
    }
  });
});
