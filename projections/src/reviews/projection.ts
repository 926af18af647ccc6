import { sql } from 'kysely';
import { reviewEventTypes, foldReview, noReview, type ReviewDocument } from '@labelwise/domain';
import { columnNames, createTable } from '../engine/columns';
import { defineProjection } from '../engine/projection';
import { touchedReviewIds } from '../stream-documents';
import { loadReviews, reviewRow } from './documents';
import { reviewColumns, reviewsTable, reviewVotesTable, type ReviewVotesTable } from './tables';

/** Reviews with their vote counts, and each voter's current vote. */
export const reviewsProjection = defineProjection({
  name: 'reviews',
  // 2: folded with the review's document: the reason a review is hidden, votes counted from it.
  // 3: whether the author deleted their account (their reviews anonymised or removed).
  version: 3,
  eventTypes: reviewEventTypes,
  tables: ['reviews', 'review_votes'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await createTable(db, schema, reviewsTable).execute();
    await s
      .createIndex('reviews_by_product')
      .ifNotExists()
      .on('reviews')
      .columns(['product_id', 'created_at desc', 'id'])
      .where(sql<boolean>`not hidden`)
      .execute();
    await createTable(db, schema, reviewVotesTable).execute();
    // A user's reviews and votes: their data download, and the deletion of their account.
    await s.createIndex('reviews_by_author').ifNotExists().on('reviews').column('author_uid').execute();
    await s
      .createIndex('review_votes_by_voter')
      .ifNotExists()
      .on('review_votes')
      .column('voter_uid')
      .execute();
  },

  async handle(events, db) {
    const before = await loadReviews(db, touchedReviewIds(events));
    const reviews = new Map(before);
    for (const event of events) {
      const review = foldReview(reviews.get(event.data.reviewId) ?? noReview, event);
      if (review.status !== 'absent') reviews.set(review.reviewId, review);
    }
    const changed = [...reviews.values()].filter((review) => review !== before.get(review.reviewId));
    if (changed.length === 0) return;
    const columns = columnNames(reviewColumns);
    await db
      .insertInto('reviews')
      .values(changed.map(reviewRow))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.filter((c) => c !== 'id').map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute();
    const votes = changed.flatMap((review) => newVotes(review, before.get(review.reviewId)));
    if (votes.length > 0) {
      await db
        .insertInto('review_votes')
        .values(votes)
        .onConflict((oc) =>
          oc
            .columns(['review_id', 'voter_uid'])
            .doUpdateSet((eb) => ({ helpful: eb.ref('excluded.helpful') })),
        )
        .execute();
    }
  },
});

/** The votes a review holds now that it did not hold before (new voters, changed minds). */
function newVotes(review: ReviewDocument, before: ReviewDocument | undefined): ReviewVotesTable[] {
  return Object.entries(review.votes)
    .filter(([voter, helpful]) => before?.votes[voter] !== helpful)
    .map(([voter, helpful]) => ({ review_id: review.reviewId, voter_uid: voter, helpful }));
}
