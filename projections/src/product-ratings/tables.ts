import type { ColumnType } from 'kysely';
import type { Rating } from '@labelwise/domain';

/**
 * Per product: its colour and listing (from product events), its visible reviews and its scans.
 * Serves average ratings and the community favourites ranking.
 */
export interface ProductRatingsTable {
  product_id: number;
  /** 'unrated' for an imported product without English ingredients; null until its creation is seen. */
  rating: Rating | 'unrated' | null;
  /** Once a moderator corrected the ingredients, or a user gave the English label, a later import no longer changes the rating. */
  verdict_corrected: boolean | null;
  /** Null until the product's creation is seen. */
  listed: boolean | null;
  created_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  review_count: number;
  rating_total: number;
  /** Visible 4 and 5 star reviews (neither hidden nor by a suspended author). */
  recommendations: number;
  scans: number;
}

/** Each review's current stars, author and visibility, so revisions and moderation adjust the totals. */
export interface ProductRatingReviewsTable {
  review_id: string;
  product_id: number;
  author_uid: string;
  stars: number;
  hidden: boolean;
}

/** Authors suspended now: none of their reviews count. */
export interface ProductRatingSuspendedAuthorsTable {
  uid: string;
}

export interface ProductRatingTables {
  product_ratings: ProductRatingsTable;
  product_rating_reviews: ProductRatingReviewsTable;
  product_rating_suspended_authors: ProductRatingSuspendedAuthorsTable;
}
