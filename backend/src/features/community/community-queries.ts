import { sql, type Kysely } from 'kysely';
import { averageRating, type CommunityFavouriteResponse, type ProductCardResponse } from '@labelwise/domain';
import type { Database } from '@labelwise/projections/schema/database';
import { cardColumns, cardImageJoin, cardSelection, catalogueCards } from '../products/product-card-columns';

/** The most either community list answers at once. */
export const COMMUNITY_LIST_LIMIT = 24;
export const ALTERNATIVES_LIMIT = 6;

/** Alternatives are product cards. */
export type SimilarProduct = ProductCardResponse;

/** Green products, newest first. */
export function cleanAlternatives(db: Kysely<Database>): Promise<ProductCardResponse[]> {
  return catalogueCards(db)
    .select(cardColumns)
    .where('p.rating', '=', 'green')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(COMMUNITY_LIST_LIMIT)
    .execute();
}

/** How community favourites are ranked. */
export const FAVOURITE_ORDERS = ['recommended', 'top-rated', 'trending'] as const;
export type FavouriteOrder = (typeof FAVOURITE_ORDERS)[number];

/**
 * Green products, ranked by `order`:
 * - recommended: most 4-5 star reviews, then most scanned, then newest;
 * - top-rated: reviewed products by average stars, then most reviews;
 * - trending: products scanned by the most people since `monthStart`, then as recommended.
 */
export async function communityFavourites(
  db: Kysely<Database>,
  { limit, order = 'recommended', monthStart }: { limit: number; order?: FavouriteOrder; monthStart: Date },
): Promise<CommunityFavouriteResponse[]> {
  let query = catalogueCards(db)
    .innerJoin('product_ratings as r', 'r.product_id', 'p.id')
    .select([...cardColumns, 'r.review_count', 'r.rating_total'])
    .where('r.rating', '=', 'green')
    .where('r.listed', '=', true);
  if (order === 'top-rated') {
    query = query
      .where('r.review_count', '>', 0)
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

/**
 * Up to six products like `productId` (sharing name, category and ingredient words, English
 * stems) rated at least as well, best rated first; never an unrated product (rank 0), also for
 * an unrated target. Undefined when the product is unknown.
 *
 * Candidates are products sharing a name or category word, then, only when those are fewer than
 * the 12 kept, any word (ingredient words match most of a large catalogue); each group is
 * bounded, the 12 most similar are kept and ordered by rating, then similarity.
 */
export async function similarProducts(
  db: Kysely<Database>,
  productId: number,
): Promise<SimilarProduct[] | undefined> {
  const { rows } = await sql<{ target: number } & { [K in keyof SimilarProduct]: SimilarProduct[K] | null }>`
    with target as (
      select id, greatest(rating_rank, 1) as rating_rank, similarity_vector
      from product_cards where id = ${productId} and not removed
    ),
    words as (
      select lexeme, weights from target, unnest(target.similarity_vector)
      where lexeme ~ '^[[:alpha:]]{3,}$'
    ),
    query as (
      select
        to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) as any_word,
        to_tsquery('simple', string_agg(quote_literal(lexeme) || ':A', ' | ') filter (where 'A' = any(weights))) as name_word
      from words
    ),
    by_name as materialized (
      select p.id from product_cards p, target
      where p.similarity_vector @@ (select name_word from query)
        and p.id <> target.id and not p.removed and not p.personal and p.rating_rank >= target.rating_rank
      limit 300
    ),
    candidates as (
      select id from by_name
      union
      (select p.id from product_cards p, target
        where (select count(*) from by_name) < 12
          and p.similarity_vector @@ (select any_word from query)
          and p.id <> target.id and not p.removed and not p.personal and p.rating_rank >= target.rating_rank
        limit 300)
    ),
    closest as (
      select p.id, p.rating_rank, ts_rank(p.similarity_vector, (select any_word from query)) as score
      from candidates join product_cards p using (id)
      order by score desc, p.id desc
      limit 12
    )
    select target.id as target, ${cardSelection}
    from target
    left join lateral (select * from closest order by rating_rank desc, score desc, id desc limit ${ALTERNATIVES_LIMIT}) best on true
    left join product_cards p on p.id = best.id
    ${cardImageJoin}
    order by best.rating_rank desc, best.score desc, best.id desc
  `.execute(db);
  if (rows.length === 0) return undefined;
  return rows
    .filter((row): row is typeof row & SimilarProduct => row.id !== null)
    .map(({ target: _, ...card }) => card);
}
