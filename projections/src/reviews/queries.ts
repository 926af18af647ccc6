import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProductCardResponse, ReviewResponse } from '@labelwise/domain';
import { RECOMMENDING_STARS, reviewView } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import {
  cardColumns,
  namedByIngredients,
  personalIngredients,
  productCards,
  visibleTo,
} from '../product-cards/card-columns';
import type { Database } from '../schema/database';
import { reviewOfRow } from './documents';
import { reviewColumns, type ReviewsTable } from './tables';

export const REVIEWS_PER_PRODUCT = 100;

const columns = columnNames(reviewColumns);

/**
 * Visible reviews of a listed product (neither hidden nor by a suspended author), newest first;
 * undefined when the product is unknown, removed or someone else's personal scan. One statement:
 * the product row, left-joined with its reviews.
 */
export async function productReviews(
  db: Kysely<Database>,
  productId: number,
  viewer: string | undefined,
): Promise<ReviewResponse[] | undefined> {
  const rows = await db
    .selectFrom('product_cards as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('reviews')
          .select(columns)
          .whereRef('reviews.product_id', '=', 'p.id')
          .where('reviews.hidden', '=', false)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('user_profiles as author')
                  .select('author.uid')
                  .whereRef('author.uid', '=', 'reviews.author_uid')
                  .where('author.suspended', '=', true),
              ),
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(sql.lit(REVIEWS_PER_PRODUCT))
          .as('r'),
      (join) => join.onTrue(),
    )
    .select(columns.map((column) => `r.${column}` as const))
    .where('p.id', '=', productId)
    .where('p.removed', '=', false)
    .where(visibleTo(viewer))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  if (rows.length === 0) return undefined;
  return rows
    .filter((row): row is Selectable<ReviewsTable> => row.id !== null)
    .map((row) =>
      reviewView(reviewOfRow(row), { helpfulVotes: row.helpful_votes, unhelpfulVotes: row.unhelpful_votes }),
    );
}

/** The most of a user's favourites one response lists. */
const FAVOURITES_LIMIT = 500;

/**
 * A user's favourites: the products they recommend (4 or 5 stars) in a review nobody hid, while the
 * product is listed (a personal scan: theirs). One review per product and author, so one row each.
 */
const favouriteReviews = (db: Kysely<Database>, uid: string) =>
  productCards(db)
    .innerJoin('reviews as r', 'r.product_id', 'p.id')
    .where('r.author_uid', '=', uid)
    .where('r.hidden', '=', false)
    .where('r.rating', '>=', RECOMMENDING_STARS)
    .where(visibleTo(uid));

/**
 * The user's favourites as product cards, the latest reviewed (or revised) first; their personal
 * scans named by the ingredients they read, as in their history.
 */
export async function userFavourites(db: Kysely<Database>, uid: string): Promise<ProductCardResponse[]> {
  const rows = await favouriteReviews(db, uid)
    .select([...cardColumns, personalIngredients])
    .orderBy(sql`coalesce(r.revised_at, r.created_at)`, 'desc')
    .orderBy('r.id', 'desc')
    .limit(sql.lit(FAVOURITES_LIMIT))
    .execute();
  return rows.map(namedByIngredients);
}

/** How many favourites the user has: what `userFavourites` lists, counted. */
export async function userFavouriteCount(db: Kysely<Database>, uid: string): Promise<number> {
  const { count } = await favouriteReviews(db, uid)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

/** The ids of every review a user wrote, hidden ones included. */
export async function reviewIdsByAuthor(db: Kysely<Database>, authorUid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('id')
    .where('author_uid', '=', authorUid)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/** The reviews a user wrote, and those of others they voted on: the review streams they wrote in. */
export async function reviewsTouchedBy(
  db: Kysely<Database>,
  uid: string,
): Promise<{ written: string[]; votedOn: string[] }> {
  const [written, votedOn] = await Promise.all([
    reviewIdsByAuthor(db, uid),
    db.selectFrom('review_votes').select('review_id').where('voter_uid', '=', uid).execute(),
  ]);
  return { written, votedOn: votedOn.map((row) => row.review_id) };
}
