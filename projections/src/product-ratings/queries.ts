import { sql, type Kysely } from 'kysely';
import { averageRating, type CommunityFavouriteResponse } from '@labelwise/domain';
import type { CommunityNumbers } from '@labelwise/domain';
import { cardColumns, catalogueCards } from '../product-cards/card-columns';
import type { Database } from '../schema/database';

/** How community favourites are ranked. */
export const FAVOURITE_ORDERS = ['recommended', 'top-rated', 'trending'] as const;
export type FavouriteOrder = (typeof FAVOURITE_ORDERS)[number];

/**
 * Green products, ranked by `order`:
 * - recommended: products someone recommended (a 4-5 star review), most such reviews first,
 *   then most scanned, then newest: a product nobody reviewed is nobody's favourite;
 * - top-rated: reviewed products by average stars, then most reviews;
 * - trending: reviewed products scanned by the most people since `monthStart`, then as recommended.
 * Every list holds reviewed products only: a favourite is something the community has a word on.
 */
export async function communityFavourites(
  db: Kysely<Database>,
  { limit, order = 'recommended', monthStart }: { limit: number; order?: FavouriteOrder; monthStart: Date },
): Promise<CommunityFavouriteResponse[]> {
  let query = catalogueCards(db)
    .innerJoin('product_ratings as r', 'r.product_id', 'p.id')
    .select([...cardColumns, 'r.review_count', 'r.rating_total'])
    .where('r.rating', '=', 'green')
    .where('r.listed', '=', true)
    .where('r.review_count', '>', 0);
  if (order === 'recommended') query = query.where('r.recommendations', '>', 0);
  if (order === 'top-rated') {
    query = query
      .orderBy(sql`r.rating_total::float / r.review_count`, 'desc')
      .orderBy('r.review_count', 'desc');
  }
  if (order === 'trending') {
    const scannersThisMonth = sql<number>`(
      select count(*) from user_scans s where s.product_id = r.product_id and s.scanned_at >= ${monthStart}
    )`;
    query = query.where(scannersThisMonth, '>', 0).orderBy(scannersThisMonth, 'desc');
  }
  const rows = await query
    .orderBy('r.recommendations', 'desc')
    .orderBy('r.scans', 'desc')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.product_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ review_count, rating_total, ...card }) => ({
    ...card,
    averageRating: averageRating(rating_total, review_count),
    reviewCount: review_count,
  }));
}

/** The community's numbers on a product: its visible reviews, their stars and its scans (none yet: zeros). */
export async function communityNumbers(db: Kysely<Database>, productId: number): Promise<CommunityNumbers> {
  const row = await db
    .selectFrom('product_ratings')
    .select(['review_count', 'rating_total', 'scans'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const reviewCount = row?.review_count ?? 0;
  return {
    reviewCount,
    averageStars: averageRating(row?.rating_total ?? 0, reviewCount),
    scans: row?.scans ?? 0,
  };
}

/** How many reviews a user wrote that nobody hid. */
export async function userVisibleReviewCount(db: Kysely<Database>, uid: string): Promise<number> {
  const { count } = await db
    .selectFrom('product_rating_reviews')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('author_uid', '=', uid)
    .where('hidden', '=', false)
    .executeTakeFirstOrThrow();
  return count;
}
