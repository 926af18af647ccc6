import type { Insertable } from 'kysely';
import { bool, int4, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

export const reviewColumns = {
  id: text().primaryKey(),
  product_id: int4(),
  author_uid: text(),
  /** The author's username when the review was posted. */
  username: text(),
  rating: int4().storedAs('smallint'),
  title: text().nullable(),
  comment: text(),
  is_verified_purchase: bool(),
  created_at: timestamptz(),
  revised_at: timestamptz().nullable(),
  hidden: bool(),
  /** The moderator's reason while hidden; null while visible. */
  hidden_reason: text().nullable(),
  helpful_votes: int4(),
  unhelpful_votes: int4(),
  /** The author deleted their account. */
  author_erased: bool(),
};

export const reviewsTable = readTable('reviews', reviewColumns);

export type ReviewsTable = RowOf<typeof reviewColumns>;
export type ReviewRow = Insertable<ReviewsTable>;

/** Each voter's current vote: a new vote replaces the old one. */
export const reviewVotesTable = readTable(
  'review_votes',
  { review_id: text(), voter_uid: text(), helpful: bool() },
  { primaryKey: ['review_id', 'voter_uid'] },
);

export type ReviewVotesTable = RowOf<typeof reviewVotesTable.columns>;

export type ReviewTables = TablesOf<typeof reviewsTable | typeof reviewVotesTable>;
