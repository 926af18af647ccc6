import {
  caughtUp,
  createdProduct,
  moderate,
  postedReview,
  RATED_INGREDIENTS,
  recordScan,
  registeredUser,
  removeProduct,
} from './catalogue-fixtures';
import type { TestUser } from './emulator-users';
import type { TestServer } from './test-server';

/**
 * An amber 'Strawberry Jam' among strawberry products of every rating (four green jams, two amber
 * jams and two amber fruit spreads of other kinds, a red jam and red sweets, a green jam removed)
 * and an unrelated green product: what GET /api/alternatives/{id} picks from.
 */
export async function seedStrawberryShelf(server: TestServer, author: TestUser, admin: TestUser) {
  const create = (name: string, rating: keyof typeof RATED_INGREDIENTS) =>
    createdProduct(server, author, { name, brand: 'Berry Farm', ingredients: RATED_INGREDIENTS[rating] });
  const jam = await create('Strawberry Jam', 'amber');
  const green = [
    await create('Strawberry Jam No Added Sugar', 'green'),
    await create('Wild Strawberry Jam', 'green'),
    await create('Strawberry & Rhubarb Jam', 'green'),
    await create('Strawberry Jam with Chia', 'green'),
  ];
  const amber = [
    await create('Strawberry Conserve', 'amber'),
    await create('Strawberry Preserve', 'amber'),
    await create('Strawberry Jam Reduced Sugar', 'amber'),
    await create('Strawberry Jam Extra Fruit', 'amber'),
  ];
  const red = [await create('Strawberry Jelly Sweets', 'red'), await create('Budget Strawberry Jam', 'red')];
  const removed = await create('Strawberry Jam Organic', 'green');
  await removeProduct(server, admin, removed);
  const unrelated = await createdProduct(server, author, {
    name: 'Sparkling Mineral Water',
    ingredients: 'Carbonated water',
  });
  return { jam, green, amber, red, removed, unrelated };
}

/**
 * Green products with known recommendations (visible 4-5 star reviews) and scans, in the order
 * community favourites must rank them, and others that must never be favourites.
 */
export async function seedFavourites(server: TestServer, admin: TestUser) {
  const user = () => registeredUser(server);
  const [author, ann, ben, cat] = await Promise.all([user(), user(), user(), user()]);
  const green = (name: string) => createdProduct(server, author, { name, ingredients: 'Oats, raisins' });
  const review = (user: TestUser, productId: number, rating: number) =>
    postedReview(server, user, { productId, rating, comment: `${rating} stars.` });

  const twoRecommendations = await green('Favourite Two Recommendations');
  await review(ann, twoRecommendations, 5);
  await review(ben, twoRecommendations, 4);

  const oneRecommendation = await green('Favourite One Recommendation');
  await review(ann, oneRecommendation, 4);
  await review(ben, oneRecommendation, 3);

  const twoScans = await green('Favourite Two Scans');
  await review(ann, twoScans, 5);
  await review(ann, twoScans, 3); // the revision takes the recommendation back
  await recordScan(server, ben, twoScans);
  await recordScan(server, cat, twoScans);

  const oneScan = await green('Favourite One Scan');
  await moderate(
    server,
    admin,
    `/reviews/${await review(cat, oneScan, 5)}`,
    { hidden: true, reason: 'Spam' },
    'PUT',
  );
  await recordScan(server, ann, oneScan);

  const amber = await createdProduct(server, author, {
    name: 'Amber Crowd Pleaser',
    ingredients: RATED_INGREDIENTS.amber,
  });
  const removed = await green('Removed Crowd Pleaser');
  for (const user of [ann, ben, cat]) {
    await review(user, amber, 5);
    await review(user, removed, 5);
  }
  await removeProduct(server, admin, removed);
  await caughtUp(server, ['product_cards', 'product_ratings']);
  return { ranked: [twoRecommendations, oneRecommendation, twoScans, oneScan], amber, removed };
}
