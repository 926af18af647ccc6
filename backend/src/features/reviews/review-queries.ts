import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReviewResponse } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
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
 * Spec §3 review JSON from the write side: a `review-{id}` stream's events, as its author or a
 * voter sees it right after writing (the read model may not have caught up). Undefined before
 * the review is posted.
 */
export function reviewFromHistory(history: readonly RecordedEvent[]): ReviewView | undefined {
  let review: Omit<ReviewView, 'helpfulVotes' | 'unhelpfulVotes'> | undefined;
  const votes = new Map<string, boolean>();
  for (const event of history) {
    switch (event.type) {
      case 'ReviewPosted': {
        const { reviewId, productId, rating, title, comment, username, isVerifiedPurchase, postedAt } =
          event.data;
        const createdAt = new Date(postedAt).toISOString();
        review = { id: reviewId, productId, rating, title, comment, username, isVerifiedPurchase, createdAt };
        break;
      }
      case 'ReviewRevised':
        if (review) {
          const { rating, title, comment } = event.data;
          review = { ...review, rating, title, comment };
        }
        break;
      case 'ReviewVoted':
        votes.set(event.data.voterUid, event.data.helpful);
        break;
    }
  }
  if (!review) return undefined;
  const helpful = [...votes.values()].filter(Boolean).length;
  return { ...review, helpfulVotes: helpful, unhelpfulVotes: votes.size - helpful };
}

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
