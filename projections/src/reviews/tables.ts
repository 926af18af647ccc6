import type { ColumnType, Insertable } from 'kysely';
import type { Columns } from '../engine/columns';

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
  /** The moderator's reason while hidden; null while visible. */
  hidden_reason: string | null;
  helpful_votes: number;
  unhelpful_votes: number;
  /** The author deleted their account. */
  author_erased: boolean;
}

export type ReviewRow = Insertable<ReviewsTable>;

export const reviewColumns = {
  id: { type: 'text', primaryKey: true },
  product_id: { type: 'int4' },
  author_uid: { type: 'text' },
  username: { type: 'text' },
  rating: { type: 'int4', storedAs: 'smallint' },
  title: { type: 'text', nullable: true },
  comment: { type: 'text' },
  is_verified_purchase: { type: 'bool' },
  created_at: { type: 'timestamptz' },
  revised_at: { type: 'timestamptz', nullable: true },
  hidden: { type: 'bool' },
  hidden_reason: { type: 'text', nullable: true },
  helpful_votes: { type: 'int4' },
  unhelpful_votes: { type: 'int4' },
  author_erased: { type: 'bool' },
} as const satisfies Columns<ReviewRow>;

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
