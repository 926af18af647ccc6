import { sql, type Insertable, type Kysely } from 'kysely';
import type { RecordedEvent } from '@labelwise/backend/event-store/port';
import type { ProjectionDefinition } from '../engine/projection';
import type { Database } from '../schema/database';
import type { ProductRatingReviewsTable, ProductRatingsTable } from './tables';

type ReviewEntry = Insertable<ProductRatingReviewsTable>;

/** A product's changes in one batch: facts left null stay as they are; counts are added. */
type ProductChange = Insertable<ProductRatingsTable> & { review_count: number; rating_total: number; recommendations: number; scans: number };

/** Stars, recommendations and scans per product (averages, community favourites). */
export const productRatingsProjection: ProjectionDefinition = {
  name: 'product_ratings',
  version: 1,
  eventTypes: [
    'ProductCreated',
    'ProductCorrected',
    'ProductRemoved',
    'ScanRecorded',
    'ReviewPosted',
    'ReviewRevised',
    'ReviewHidden',
    'ReviewRestored',
  ],
  tables: ['product_ratings', 'product_rating_reviews'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('product_ratings')
      .ifNotExists()
      .addColumn('product_id', 'integer', (c) => c.primaryKey())
      .addColumn('rating', 'text')
      .addColumn('listed', 'boolean')
      .addColumn('created_at', 'timestamptz')
      .addColumn('review_count', 'integer', (c) => c.notNull())
      .addColumn('rating_total', 'integer', (c) => c.notNull())
      .addColumn('recommendations', 'integer', (c) => c.notNull())
      .addColumn('scans', 'integer', (c) => c.notNull())
      .execute();
    await s
      .createIndex('product_ratings_favourites')
      .ifNotExists()
      .on('product_ratings')
      .columns(['recommendations desc', 'scans desc', 'created_at desc', 'product_id desc'])
      .where(sql<boolean>`rating = 'green' and listed`)
      .execute();
    await s
      .createTable('product_rating_reviews')
      .ifNotExists()
      .addColumn('review_id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('stars', 'smallint', (c) => c.notNull())
      .addColumn('hidden', 'boolean', (c) => c.notNull())
      .execute();
  },

  async handle(events, db) {
    const before = await loadReviewEntries(db, events);
    const reviews = new Map([...before].map(([id, entry]) => [id, { ...entry }]));
    const products = new Map<number, ProductChange>();
    const product = (id: number): ProductChange => {
      const known = products.get(id);
      if (known) return known;
      const fresh = { product_id: id, rating: null, listed: null, created_at: null, review_count: 0, rating_total: 0, recommendations: 0, scans: 0 };
      products.set(id, fresh);
      return fresh;
    };

    for (const event of events) {
      switch (event.type) {
        case 'ProductCreated':
          Object.assign(product(event.data.productId), { rating: event.data.rating, listed: true, created_at: event.metadata.at });
          break;
        case 'ProductCorrected':
          product(event.data.productId).rating = event.data.rating;
          break;
        case 'ProductRemoved':
          product(event.data.productId).listed = false;
          break;
        case 'ScanRecorded':
          product(event.data.productId).scans += 1;
          break;
        case 'ReviewPosted': {
          const { reviewId, productId, rating } = event.data;
          reviews.set(reviewId, { review_id: reviewId, product_id: productId, stars: rating, hidden: false });
          break;
        }
        case 'ReviewRevised': {
          const entry = reviews.get(event.data.reviewId);
          if (entry) entry.stars = event.data.rating;
          break;
        }
        case 'ReviewHidden':
        case 'ReviewRestored': {
          const entry = reviews.get(event.data.reviewId);
          if (entry) entry.hidden = event.type === 'ReviewHidden';
          break;
        }
      }
    }

    for (const [id, entry] of reviews) {
      const change = product(entry.product_id);
      const was = contribution(before.get(id));
      const now = contribution(entry);
      change.review_count += now.count - was.count;
      change.rating_total += now.stars - was.stars;
      change.recommendations += now.recommends - was.recommends;
    }

    if (reviews.size > 0) {
      await db
        .insertInto('product_rating_reviews')
        .values([...reviews.values()])
        .onConflict((oc) =>
          oc.column('review_id').doUpdateSet((eb) => ({ stars: eb.ref('excluded.stars'), hidden: eb.ref('excluded.hidden') })),
        )
        .execute();
    }
    if (products.size > 0) {
      await db
        .insertInto('product_ratings')
        .values([...products.values()])
        .onConflict((oc) =>
          oc.column('product_id').doUpdateSet((eb) => ({
            rating: eb.fn.coalesce('excluded.rating', 'product_ratings.rating'),
            listed: eb.fn.coalesce('excluded.listed', 'product_ratings.listed'),
            created_at: eb.fn.coalesce('excluded.created_at', 'product_ratings.created_at'),
            review_count: eb('product_ratings.review_count', '+', eb.ref('excluded.review_count')),
            rating_total: eb('product_ratings.rating_total', '+', eb.ref('excluded.rating_total')),
            recommendations: eb('product_ratings.recommendations', '+', eb.ref('excluded.recommendations')),
            scans: eb('product_ratings.scans', '+', eb.ref('excluded.scans')),
          })),
        )
        .execute();
    }
  },
};

function contribution(entry: ReviewEntry | undefined) {
  if (!entry || entry.hidden) return { count: 0, stars: 0, recommends: 0 };
  return { count: 1, stars: entry.stars, recommends: entry.stars >= 4 ? 1 : 0 };
}

/** Current entries of the reviews this batch revises, hides or restores. */
async function loadReviewEntries(db: Kysely<Database>, events: RecordedEvent[]): Promise<Map<string, ReviewEntry>> {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type === 'ReviewRevised' || event.type === 'ReviewHidden' || event.type === 'ReviewRestored') {
      ids.add(event.data.reviewId);
    }
  }
  if (ids.size === 0) return new Map();
  const rows = await db.selectFrom('product_rating_reviews').selectAll().where('review_id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.review_id, row]));
}
