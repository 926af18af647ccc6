import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReviewResponse } from '@labelwise/domain';
import type { Database } from '@labelwise/projections/schema/database';
import type { ReviewsTable } from '@labelwise/projections/reviews/tables';
import { visibleTo } from '../products/product-card-columns';

export const REVIEWS_PER_PRODUCT = 100;

const reviewColumns = [
  'id',
  'product_id',
  'rating',
  'title',
  'comment',
  'username',
  'is_verified_purchase',
  'created_at',
  'helpful_votes',
  'unhelpful_votes',
] as const;

type ReviewRow = Pick<Selectable<ReviewsTable>, (typeof reviewColumns)[number]>;

/** Spec §3 review JSON. */
export function reviewView(row: ReviewRow): ReviewResponse {
  return {
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    username: row.username,
    isVerifiedPurchase: row.is_verified_purchase,
    createdAt: row.created_at.toISOString(),
    helpfulVotes: row.helpful_votes,
    unhelpfulVotes: row.unhelpful_votes,
  };
}
export type ReviewView = ReviewResponse;

/**
 * Visible reviews of a listed product (neither hidden nor by a suspended author), newest first;
 * undefined when the product is unknown, removed or someone else's personal scan. One statement:
 * the product row, left-joined with its reviews.
 */
export async function productReviews(
  db: Kysely<Database>,
  productId: number,
  viewer: string | undefined,
): Promise<ReviewView[] | undefined> {
  const rows = await db
    .selectFrom('product_cards as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('reviews')
          .select(reviewColumns)
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
    .select(reviewColumns.map((column) => `r.${column}` as const))
    .where('p.id', '=', productId)
    .where('p.removed', '=', false)
    .where(visibleTo(viewer))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  if (rows.length === 0) return undefined;
  return rows.filter((row): row is ReviewRow => row.id !== null).map(reviewView);
}

export async function findReview(db: Kysely<Database>, reviewId: string): Promise<ReviewView | undefined> {
  const row = await db
    .selectFrom('reviews')
    .select(reviewColumns)
    .where('id', '=', reviewId)
    .executeTakeFirst();
  return row && reviewView(row);
}

/** Whether `uid` has scanned the product: what makes a review's purchase verified. */
export async function hasScanned(db: Kysely<Database>, uid: string, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_scans')
    .select('uid')
    .where('uid', '=', uid)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}
