import type { ColumnType, Generated } from 'kysely';

export interface ReviewsTable {
  id: string;
  product_id: number;
  author_uid: string;
  /** The author's username when the review was posted. */
  username: string;
  rating: number;
  title: string | null;
  comment: string;
  is_verified_purchase: boolean;
  created_at: ColumnType<Date, Date | string, Date | string>;
  revised_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  hidden: boolean;
  helpful_votes: Generated<number>;
  unhelpful_votes: Generated<number>;
}

/** Each voter's current vote: a new vote replaces the old one. */
export interface ReviewVotesTable {
  review_id: string;
  voter_uid: string;
  helpful: boolean;
}

export interface ReviewTables {
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
}
