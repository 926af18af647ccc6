import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caughtUp,
  createdProduct,
  moderate,
  postedReview,
  registeredUser,
  removeProduct,
} from '../../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let now = new Date('2026-06-15T12:00:00.000Z');
/** Each review a minute after the last, so "latest review first" is an order the test can see. */
const aMinuteLater = () => (now = new Date(now.getTime() + 60_000));

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.stop();
});

/** The user's favourites (names, in order) and the count their profile's tile shows, once both read models caught up. */
async function favourites(user: TestUser) {
  await caughtUp(server, ['reviews', 'product_cards', 'product_ratings']);
  const [list, activity] = await Promise.all([
    server.api('/api/user/favourites', { token: user.idToken }),
    server.api('/api/user/activity', { token: user.idToken }),
  ]);
  expect([list.status, activity.status]).toEqual([200, 200]);
  const names = (list.body as Array<{ name: string }>).map((card) => card.name);
  expect(activity.body.favorites, 'the tile counts what the list shows').toBe(names.length);
  return names;
}

const review = (user: TestUser, productId: number, rating: number) => {
  aMinuteLater();
  return postedReview(server, user, { productId, rating, comment: `${rating} stars.` });
};

describe('GET /api/user/favourites', () => {
  it('lists the products the user gave 4 or 5 stars in a visible review, latest review first, as cards', async () => {
    const [user, other, admin] = await Promise.all([
      registeredUser(server),
      registeredUser(server),
      createUser({ admin: true, verified: true }),
    ]);
    expect(await favourites(user)).toEqual([]);

    const product = (name: string) => createdProduct(server, other, { name, ingredients: 'Oats' });
    const [oats, bran, muesli, granola] = await Promise.all([
      product('Fav Oats'),
      product('Fav Bran'),
      product('Fav Muesli'),
      product('Fav Granola'),
    ]);
    await review(user, oats, 5);
    await review(user, bran, 3);
    const hidden = await review(user, muesli, 4);
    await review(user, granola, 4);
    await review(other, bran, 5);
    expect(await favourites(user)).toEqual(['Fav Granola', 'Fav Muesli', 'Fav Oats']);
    expect(await favourites(other)).toEqual(['Fav Bran']);

    const res = await server.api('/api/user/favourites', { token: user.idToken });
    expect(res.body[0]).toMatchObject({
      id: granola,
      name: 'Fav Granola',
      brand: 'Test Brand',
      rating: 'green',
    });

    // Hidden by a moderator, revised below 4 stars, taken off the catalogue: no longer a favourite.
    await moderate(server, admin, `/reviews/${hidden}`, { hidden: true, reason: 'Spam' }, 'PUT');
    await review(user, oats, 2);
    await removeProduct(server, admin, granola);
    expect(await favourites(user)).toEqual([]);

    // Revised back up, it comes first again.
    await review(user, oats, 4);
    expect(await favourites(user)).toEqual(['Fav Oats']);
  });

  it("names the user's own personal scan by its ingredients, as their history does", async () => {
    const user = await registeredUser(server);
    const scan = await createdProduct(server, user, {
      name: 'Manual Analysis',
      brand: 'User Input',
      ingredients: 'Rolled oats, dried cranberries, sunflower seeds, honey, sea salt',
    });
    await review(user, scan, 5);
    expect(await favourites(user)).toEqual(['Rolled oats, dried cranberries…']);
  });

  it('needs a valid bearer token', async () => {
    expect((await server.api('/api/user/favourites')).status).toBe(401);
  });
});
