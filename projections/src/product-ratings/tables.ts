import type { Rating } from '@labelwise/domain';
import { bool, int4, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

/**
 * Per product: its colour and listing (from product events), its visible reviews and its scans.
 * Serves average ratings and the community favourites ranking.
 */
export const productRatingsTable = readTable('product_ratings', {
  product_id: int4().primaryKey(),
  /** 'unrated' for an imported product without English ingredients; null until its creation is seen. */
  rating: text<Rating | 'unrated'>().nullable(),
  /** Once a moderator corrected the ingredients, or a user gave the English label, a later import no longer changes the rating. */
  verdict_corrected: bool().nullable(),
  /** Null until the product's creation is seen. */
  listed: bool().nullable(),
  created_at: timestamptz().nullable(),
  review_count: int4(),
  rating_total: int4(),
  /** Visible 4 and 5 star reviews (neither hidden nor by a suspended author). */
  recommendations: int4(),
  scans: int4(),
});

export type ProductRatingsTable = RowOf<typeof productRatingsTable.columns>;

/** Each review's current stars, author and visibility, so revisions and moderation adjust the totals. */
export const productRatingReviewsTable = readTable('product_rating_reviews', {
  review_id: text().primaryKey(),
  product_id: int4(),
  author_uid: text(),
  stars: int4().storedAs('smallint'),
  hidden: bool(),
});

export type ProductRatingReviewsTable = RowOf<typeof productRatingReviewsTable.columns>;

/** Authors suspended now: none of their reviews count. */
export const productRatingSuspendedAuthorsTable = readTable('product_rating_suspended_authors', {
  uid: text().primaryKey(),
});

export type ProductRatingTables = TablesOf<
  typeof productRatingsTable | typeof productRatingReviewsTable | typeof productRatingSuspendedAuthorsTable
>;
