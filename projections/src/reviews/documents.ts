import type { Kysely, Selectable } from 'kysely';
import type { ReviewDocument } from '@labelwise/domain';
import { countVotes } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import type { Database } from '../schema/database';
import { reviewColumns, type ReviewRow, type ReviewsTable } from './tables';

// The one mapping between a review's document and its rows: the review (`reviews`, with its votes
// counted) and each voter's vote (`review_votes`).

export function reviewRow(review: ReviewDocument): ReviewRow {
  const { helpfulVotes, unhelpfulVotes } = countVotes(review.votes);
  return {
    id: review.reviewId,
    product_id: review.productId,
    author_uid: review.authorUid,
    username: review.username,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    is_verified_purchase: review.isVerifiedPurchase,
    created_at: review.postedAt,
    revised_at: review.revisedAt,
    hidden: review.status === 'hidden',
    hidden_reason: review.hiddenReason,
    helpful_votes: helpfulVotes,
    unhelpful_votes: unhelpfulVotes,
    author_erased: review.authorErased,
  };
}

/** The review its row holds, all but the votes (the row counts them). */
export function reviewOfRow(row: Selectable<ReviewsTable>): Omit<ReviewDocument, 'votes'> {
  return {
    status: row.hidden ? 'hidden' : 'visible',
    reviewId: row.id,
    productId: row.product_id,
    authorUid: row.author_uid,
    username: row.username,
    isVerifiedPurchase: row.is_verified_purchase,
    postedAt: row.created_at.toISOString(),
    revisedAt: row.revised_at?.toISOString() ?? null,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    hiddenReason: row.hidden_reason,
    authorErased: row.author_erased,
  };
}

/** The documents of these reviews, their votes included. */
export async function loadReviews(db: Kysely<Database>, ids: string[]): Promise<Map<string, ReviewDocument>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .select(columnNames(reviewColumns))
    .where('id', 'in', ids)
    .execute();
  const votes = await db.selectFrom('review_votes').selectAll().where('review_id', 'in', ids).execute();
  const votesOf = new Map<string, Record<string, boolean>>();
  for (const vote of votes) {
    const known = votesOf.get(vote.review_id) ?? {};
    known[vote.voter_uid] = vote.helpful;
    votesOf.set(vote.review_id, known);
  }
  return new Map(rows.map((row) => [row.id, { ...reviewOfRow(row), votes: votesOf.get(row.id) ?? {} }]));
}
