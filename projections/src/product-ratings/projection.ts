import { sql, type Insertable, type Kysely } from 'kysely';
import {
  foldProduct,
  foldReview,
  noProduct,
  noReview,
  productEventTypes,
  recommends,
  reviewEventTypes,
  userEventTypes,
  type EventOf,
  type ProductEvent,
  type ReviewEvent,
  type UserEvent,
} from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import { defineProjection } from '../engine/projection';
import { unnestRows, type ColumnType } from '../engine/unnest-rows';
import type { Database } from '../schema/database';
import { touchedProductIds, touchedReviewIds } from '../stream-documents';
import {
  loadProducts,
  loadReviewEntries,
  productFacts,
  reviewEntry,
  reviewOfEntry,
  type ReviewEntry,
} from './documents';
import { saveSuspendedAuthors, standingAfter, suspendedAfter, suspendedAmong } from './standing';
import { createTable } from '../engine/columns';
import {
  productRatingReviewsTable,
  productRatingsTable,
  productRatingSuspendedAuthorsTable,
  type ProductRatingsTable,
} from './tables';

// Every event of the product, review and user streams: the domain's folds say what each does to a
// product's verdict and listing, a review's stars and visibility and an author's standing.
const eventTypes = [...productEventTypes, ...reviewEventTypes, ...userEventTypes] as const;
type BatchEvent = RecordedEvent<EventOf<(typeof eventTypes)[number]>>;
const productTypes = new Set<string>(productEventTypes);
const reviewTypes = new Set<string>(reviewEventTypes);
const isProductEvent = (event: BatchEvent): event is RecordedEvent<ProductEvent> =>
  productTypes.has(event.type);
const isReviewEvent = (event: BatchEvent): event is RecordedEvent<ReviewEvent> => reviewTypes.has(event.type);
const isUserEvent = (event: BatchEvent): event is RecordedEvent<UserEvent> =>
  !isProductEvent(event) && !isReviewEvent(event);

/** A product's changes in one batch: facts left null stay as they are; counts are added. */
type ProductChange = Insertable<ProductRatingsTable> & {
  review_count: number;
  rating_total: number;
  recommendations: number;
  scans: number;
};

/**
 * Stars, recommendations and scans per product (averages, community favourites). Like the reviews
 * list, it counts no hidden review and no review of a suspended author. A product's facts (rating,
 * listing, creation time) are those of the document its page shows.
 */
export const productRatingsProjection = defineProjection({
  name: 'product_ratings',
  // 2: reviews of suspended authors stop counting. 3: imported products (correction wins).
  // 4: a product created in the app keeps its verdict over later exports, as its page does.
  // 5: products, reviews and authors' standing folded with the domain's folds.
  version: 5,
  eventTypes,
  tables: ['product_ratings', 'product_rating_reviews', 'product_rating_suspended_authors'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await createTable(db, schema, productRatingsTable).execute();
    await s
      .createIndex('product_ratings_favourites')
      .ifNotExists()
      .on('product_ratings')
      .columns(['recommendations desc', 'scans desc', 'created_at desc', 'product_id desc'])
      .where(sql<boolean>`rating = 'green' and listed`)
      .execute();
    await createTable(db, schema, productRatingReviewsTable).execute();
    await s
      .createIndex('product_rating_reviews_by_author')
      .ifNotExists()
      .on('product_rating_reviews')
      .column('author_uid')
      .execute();
    await createTable(db, schema, productRatingSuspendedAuthorsTable).execute();
  },

  async handle(events, db) {
    const changes = new Map<number, ProductChange>();
    const change = (id: number): ProductChange => {
      const known = changes.get(id);
      if (known) return known;
      const fresh = {
        ...noFacts,
        product_id: id,
        review_count: 0,
        rating_total: 0,
        recommendations: 0,
        scans: 0,
      };
      changes.set(id, fresh);
      return fresh;
    };

    for (const product of await foldProducts(db, events.filter(isProductEvent)))
      Object.assign(change(product.productId), productFacts(product));

    const userEvents = events.filter(isUserEvent);
    // No document counts a product's scans: each of the batch's adds one.
    for (const event of userEvents)
      if (event.type === 'ScanRecorded') change(event.data.productId).scans += 1;

    const reviews = await foldReviews(db, events.filter(isReviewEvent), userEvents);
    for (const { before, after } of reviews.entries) {
      const counted = change(after.product_id);
      const was = contribution(before, reviews.suspendedBefore);
      const now = contribution(after, reviews.suspendedAfter);
      counted.review_count += now.count - was.count;
      counted.rating_total += now.stars - was.stars;
      counted.recommendations += now.recommends - was.recommends;
    }

    await saveReviewEntries(
      db,
      reviews.entries.map(({ after }) => after),
    );
    await saveSuspendedAuthors(db, reviews.suspendedBefore, reviews.suspendedAfter);
    await saveChanges(db, [...changes.values()]);
  },
});

const noFacts = { rating: null, verdict_corrected: null, listed: null, created_at: null };

/** The documents of the products the batch has events of, folded on from their rows. */
async function foldProducts(db: Kysely<Database>, events: RecordedEvent<ProductEvent>[]) {
  const products = await loadProducts(db, touchedProductIds(events));
  for (const event of events) {
    const product = foldProduct(products.get(event.data.productId) ?? noProduct, event);
    if (product.status !== 'absent') products.set(product.productId, product);
  }
  return products.values();
}

/**
 * The entries of the reviews the batch has events of, and of every review by an author whose
 * standing it changes, before and after it (folded with the review's and the user's folds), with
 * the authors suspended before and after. A posting author's standing is looked up too: a review
 * can land after its author's suspension, because the command checks a read model that may lag.
 */
async function foldReviews(
  db: Kysely<Database>,
  events: RecordedEvent<ReviewEvent>[],
  userEvents: RecordedEvent<UserEvent>[],
) {
  const posting = events.flatMap((event) => (event.type === 'ReviewPosted' ? [event.data.authorUid] : []));
  const suspendedBefore = await suspendedAmong(db, [
    ...userEvents.map((event) => event.data.uid),
    ...posting,
  ]);
  const standing = standingAfter(userEvents, suspendedBefore);
  const changedStanding = [...standing].filter(([uid, suspended]) => suspended !== suspendedBefore.has(uid));
  const loaded = await loadReviewEntries(
    db,
    touchedReviewIds(events),
    changedStanding.map(([uid]) => uid),
  );
  for (const { entry, authorSuspended } of loaded.values())
    if (authorSuspended) suspendedBefore.add(entry.author_uid);

  const reviews = new Map([...loaded].map(([id, { entry }]) => [id, reviewOfEntry(entry)]));
  for (const event of events) {
    const review = foldReview(reviews.get(event.data.reviewId) ?? noReview, event);
    if (review.status !== 'absent') reviews.set(review.reviewId, review);
  }
  return {
    entries: [...reviews.values()].map((review) => ({
      before: loaded.get(review.reviewId)?.entry,
      after: reviewEntry(review),
    })),
    suspendedBefore,
    suspendedAfter: suspendedAfter(suspendedBefore, standing),
  };
}

function contribution(entry: ReviewEntry | undefined, suspended: ReadonlySet<string>) {
  if (!entry || entry.hidden || suspended.has(entry.author_uid)) return { count: 0, stars: 0, recommends: 0 };
  return { count: 1, stars: entry.stars, recommends: recommends(entry.stars) ? 1 : 0 };
}

async function saveReviewEntries(db: Kysely<Database>, entries: ReviewEntry[]) {
  if (entries.length === 0) return;
  await db
    .insertInto('product_rating_reviews')
    .values(entries)
    .onConflict((oc) =>
      oc
        .column('review_id')
        .doUpdateSet((eb) => ({ stars: eb.ref('excluded.stars'), hidden: eb.ref('excluded.hidden') })),
    )
    .execute();
}

async function saveChanges(db: Kysely<Database>, changes: ProductChange[]) {
  if (changes.length === 0) return;
  // An import batch holds thousands of products: one array parameter per column.
  const rows = unnestRows(changes, productChangeTypes);
  await db
    .insertInto('product_ratings')
    .columns(rows.columns)
    .expression(rows.select)
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet((eb) => ({
        rating: eb.fn.coalesce('excluded.rating', 'product_ratings.rating'),
        verdict_corrected: eb.fn.coalesce('excluded.verdict_corrected', 'product_ratings.verdict_corrected'),
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

const productChangeTypes = {
  product_id: 'int4',
  rating: 'text',
  verdict_corrected: 'bool',
  listed: 'bool',
  created_at: 'timestamptz',
  review_count: 'int4',
  rating_total: 'int4',
  recommendations: 'int4',
  scans: 'int4',
} as const satisfies Record<keyof ProductChange, ColumnType>;
