import { sql, type Insertable, type Kysely } from 'kysely';
import type { RecordedEvent } from '@labelwise/event-store';
import type { ProjectionDefinition } from '../engine/projection';
import type { Database } from '../schema/database';
import type { ReviewsTable, ReviewVotesTable } from './tables';

type ReviewRow = Omit<Insertable<ReviewsTable>, 'helpful_votes' | 'unhelpful_votes'>;

const reviewColumns = [
  'id',
  'product_id',
  'author_uid',
  'username',
  'rating',
  'title',
  'comment',
  'is_verified_purchase',
  'created_at',
  'revised_at',
  'hidden',
] as const;

/** Reviews with their vote counts, and each voter's current vote. */
export const reviewsProjection: ProjectionDefinition<'reviews'> = {
  name: 'reviews',
  version: 1,
  eventTypes: ['ReviewPosted', 'ReviewRevised', 'ReviewHidden', 'ReviewRestored', 'ReviewVoted'],
  tables: ['reviews', 'review_votes'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('reviews')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('author_uid', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('rating', 'smallint', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('is_verified_purchase', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revised_at', 'timestamptz')
      .addColumn('hidden', 'boolean', (c) => c.notNull())
      .addColumn('helpful_votes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unhelpful_votes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s
      .createIndex('reviews_by_product')
      .ifNotExists()
      .on('reviews')
      .columns(['product_id', 'created_at desc', 'id'])
      .where(sql<boolean>`not hidden`)
      .execute();
    await s
      .createTable('review_votes')
      .ifNotExists()
      .addColumn('review_id', 'text', (c) => c.notNull())
      .addColumn('voter_uid', 'text', (c) => c.notNull())
      .addColumn('helpful', 'boolean', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_votes_pkey', ['review_id', 'voter_uid'])
      .execute();
  },

  async handle(events, db) {
    const reviews = await loadTouchedReviews(db, events);
    const changed = new Set<string>();
    const votes = new Map<string, Insertable<ReviewVotesTable>>();
    for (const event of events) {
      switch (event.type) {
        case 'ReviewPosted': {
          const {
            reviewId,
            productId,
            authorUid,
            username,
            rating,
            title,
            comment,
            isVerifiedPurchase,
            postedAt,
          } = event.data;
          reviews.set(reviewId, {
            id: reviewId,
            product_id: productId,
            author_uid: authorUid,
            username,
            rating,
            title,
            comment,
            is_verified_purchase: isVerifiedPurchase,
            created_at: postedAt,
            revised_at: null,
            hidden: false,
          });
          changed.add(reviewId);
          break;
        }
        case 'ReviewRevised': {
          const review = reviews.get(event.data.reviewId);
          if (!review) break;
          const { rating, title, comment, revisedAt } = event.data;
          Object.assign(review, { rating, title, comment, revised_at: revisedAt });
          changed.add(review.id);
          break;
        }
        case 'ReviewHidden':
        case 'ReviewRestored': {
          const review = reviews.get(event.data.reviewId);
          if (!review) break;
          review.hidden = event.type === 'ReviewHidden';
          changed.add(review.id);
          break;
        }
        case 'ReviewVoted': {
          const { reviewId, voterUid, helpful } = event.data;
          votes.set(`${reviewId}\n${voterUid}`, { review_id: reviewId, voter_uid: voterUid, helpful });
          break;
        }
      }
    }

    if (changed.size > 0) {
      await db
        .insertInto('reviews')
        .values([...changed].map((id) => reviews.get(id)!))
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) =>
              Object.fromEntries(
                reviewColumns.filter((c) => c !== 'id').map((c) => [c, eb.ref(`excluded.${c}`)]),
              ),
            ),
        )
        .execute();
    }
    if (votes.size > 0) {
      await db
        .insertInto('review_votes')
        .values([...votes.values()])
        .onConflict((oc) =>
          oc
            .columns(['review_id', 'voter_uid'])
            .doUpdateSet((eb) => ({ helpful: eb.ref('excluded.helpful') })),
        )
        .execute();
      const voted = [...new Set([...votes.values()].map((vote) => vote.review_id))];
      await db
        .updateTable('reviews')
        .set((eb) => {
          const count = (helpful: boolean) =>
            eb
              .selectFrom('review_votes')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('review_votes.review_id', '=', 'reviews.id')
              .where('review_votes.helpful', '=', helpful);
          return { helpful_votes: count(true), unhelpful_votes: count(false) };
        })
        .where('id', 'in', voted)
        .execute();
    }
  },
};

/** Rows of the reviews this batch revises, hides or restores (posted ones are built from scratch). */
async function loadTouchedReviews(
  db: Kysely<Database>,
  events: RecordedEvent[],
): Promise<Map<string, ReviewRow>> {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type === 'ReviewRevised' || event.type === 'ReviewHidden' || event.type === 'ReviewRestored') {
      ids.add(event.data.reviewId);
    }
  }
  if (ids.size === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .select(reviewColumns)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
