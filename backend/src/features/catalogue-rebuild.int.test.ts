import { afterAll, beforeAll, expect, it } from 'vitest';
import { rebuildAll, projectionNames, projections } from '@labelwise/projections';
import { articles, starterProducts } from '@labelwise/reference-data';
import {
  caughtUp,
  countEvents,
  createdProduct,
  moderate,
  postedReview,
  RATED_INGREDIENTS,
  registeredUser,
} from '../../testing/catalogue-fixtures';
import { seedFavourites, seedStrawberryShelf } from '../../testing/community-catalogue';
import { createUser, type TestUser } from '../../testing/emulator-users';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let lastProductId: number;

const SEARCHES = ['strawberry', 'strawbery jam', 'favourite', 'choclate', 'oats', 'crowd pleaser', 'tamarnd'];

/** Every catalogue read, answered for every product id (known, removed and one past the last). */
function catalogueReads(): string[] {
  const productIds = Array.from({ length: lastProductId + 1 }, (_, i) => i + 1);
  return [
    '/api/products?limit=100',
    ...productIds.flatMap((id) => [
      `/api/products/${id}`,
      `/api/reviews/product/${id}`,
      `/api/alternatives/${id}`,
    ]),
    ...starterProducts.map((product) => `/api/products/barcode/${product.barcode}`),
    ...SEARCHES.map((q) => `/api/products/search?q=${encodeURIComponent(q)}`),
    '/api/articles',
    ...articles.map((article) => `/api/articles/${article.id}`),
    '/api/community/clean-alternatives',
    '/api/community/favourites?limit=24',
  ];
}

async function answers(): Promise<Record<string, { status: number; body: unknown }>> {
  const answered: Record<string, { status: number; body: unknown }> = {};
  for (const path of catalogueReads()) {
    const { status, body } = await server.api(path);
    answered[path] = { status, body };
  }
  return answered;
}

/**
 * Corrections, votes, a suspension, a removed product's words and a personal scan, beyond the
 * community catalogue; answers the last product id.
 */
async function seedHistory(author: TestUser, admin: TestUser) {
  const corrected = await createdProduct(server, author, {
    name: 'Tamarind Chutney',
    ingredients: 'Tamarind',
  });
  await moderate(server, admin, `/products/${corrected}`, { ingredients: RATED_INGREDIENTS.red }, 'PUT');

  const [voter, troll] = await Promise.all([
    registeredUser(server),
    registeredUser(server, { username: 'troll' }),
  ]);
  const review = await postedReview(server, author, {
    productId: corrected,
    rating: 2,
    comment: 'Too sweet now.',
  });
  const vote = await server.api(`/api/reviews/${review}/vote`, {
    method: 'POST',
    token: voter.idToken,
    body: { helpful: true },
  });
  expect(vote.status).toBe(200);
  await postedReview(server, troll, { productId: corrected, rating: 1, comment: 'Awful.' });
  await moderate(server, admin, `/users/${troll.uid}/suspend`, { reason: 'Abuse' });
  // Green and newest: only its personal flag keeps it out of the lists, rebuilt or not.
  return createdProduct(server, author, {
    name: 'Manual Analysis',
    brand: 'User Input',
    ingredients: RATED_INGREDIENTS.green,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await createUser({ admin: true, verified: true });
  const author = await registeredUser(server);
  await seedStrawberryShelf(server, author, admin);
  await seedFavourites(server, admin);
  lastProductId = await seedHistory(author, admin);
  await caughtUp(server, projectionNames);
});
afterAll(async () => {
  await server?.stop();
});

it('a rebuild of every projection from the events reproduces exactly the same catalogue answers', async () => {
  const before = await answers();
  expect(Object.values(before).filter((answer) => answer.status === 200).length).toBeGreaterThan(100);

  const events = await countEvents(server);
  const rebuilt = await rebuildAll({ db: server.ctx.db, store: server.ctx.store, projections });
  expect(rebuilt.map((result) => [result.name, result.processed])).toEqual(
    projections.map((projection) => [projection.name, events]),
  );

  expect(await answers()).toEqual(before);
});
