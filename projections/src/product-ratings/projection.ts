import { sql, type Insertable, type Kysely } from 'kysely';
import {
  productEventTypes,
  reviewEventTypes,
  userEventTypes,
  type EventOf,
  labelFromCreator,
  verdictCorrected,
  recommends,
} from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import { defineProjection } from '../engine/projection';
import { unnestRows, type ColumnType } from '../engine/unnest-rows';
import type { Database } from '../schema/database';
import type { ProductRatingReviewsTable, ProductRatingsTable } from './tables';

type ReviewEntry = Insertable<ProductRatingReviewsTable>;

/**
 * Every event of the product, review and user streams, so that a new one does not compile below
 * until this read model says what it changes here (of a user's: scans and standing).
 */
const eventTypes = [...productEventTypes, ...reviewEventTypes, ...userEventTypes] as const;
type Batch = RecordedEvent<EventOf<(typeof eventTypes)[number]>>[];

/** A product's changes in one batch: facts left null stay as they are; counts are added. */
type ProductChange = Insertable<ProductRatingsTable> & {
  review_count: number;
  rating_total: number;
  recommendations: number;
  scans: number;
};

/**
 * Stars, recommendations and scans per product (averages, community favourites). Like the reviews
 * list, it counts no hidden review and no review of a suspended author.
 */
export const productRatingsProjection = defineProjection({
  name: 'product_ratings',
  // 2: reviews of suspended authors stop counting. 3: imported products (correction wins).
  // 4: a product created in the app keeps its verdict over later exports, as its page does.
  version: 4,
  eventTypes,
  tables: ['product_ratings', 'product_rating_reviews', 'product_rating_suspended_authors'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('product_ratings')
      .ifNotExists()
      .addColumn('product_id', 'integer', (c) => c.primaryKey())
      .addColumn('rating', 'text')
      .addColumn('verdict_corrected', 'boolean')
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
      .addColumn('author_uid', 'text', (c) => c.notNull())
      .addColumn('stars', 'smallint', (c) => c.notNull())
      .addColumn('hidden', 'boolean', (c) => c.notNull())
      .execute();
    await s
      .createIndex('product_rating_reviews_by_author')
      .ifNotExists()
      .on('product_rating_reviews')
      .column('author_uid')
      .execute();
    await s
      .createTable('product_rating_suspended_authors')
      .ifNotExists()
      .addColumn('uid', 'text', (c) => c.primaryKey())
      .execute();
  },

  async handle(events, db) {
    const before = await loadReviewEntries(db, events);
    const suspendedBefore = await loadSuspendedAuthors(db, events, before);
    const suspended = new Set(suspendedBefore);
    const reviews = new Map([...before].map(([id, entry]) => [id, { ...entry }]));
    const verdictKept = await loadVerdictsKept(db, events);
    const products = new Map<number, ProductChange>();
    const product = (id: number): ProductChange => {
      const known = products.get(id);
      if (known) return known;
      const fresh = {
        product_id: id,
        rating: null,
        verdict_corrected: null,
        listed: null,
        created_at: null,
        review_count: 0,
        rating_total: 0,
        recommendations: 0,
        scans: 0,
      };
      products.set(id, fresh);
      return fresh;
    };
    /** The product's verdict now outlasts later exports (see `keepsLabel` in the domain). */
    const keepVerdict = (id: number) => {
      product(id).verdict_corrected = true;
      verdictKept.add(id);
    };

    for (const event of events) {
      switch (event.type) {
        case 'ProductCreated':
          Object.assign(product(event.data.productId), {
            rating: event.data.rating,
            listed: true,
            created_at: event.metadata.at,
          });
          if (labelFromCreator(event.data)) keepVerdict(event.data.productId);
          break;
        case 'ProductImported':
          Object.assign(product(event.data.productId), {
            rating: event.data.rating ?? 'unrated',
            listed: true,
            created_at: event.metadata.at,
          });
          break;
        case 'ProductUpdatedFromSource':
          if (!verdictKept.has(event.data.productId))
            product(event.data.productId).rating = event.data.rating ?? 'unrated';
          break;
        case 'ProductCorrected':
          product(event.data.productId).rating = event.data.rating ?? 'unrated';
          if (verdictCorrected(Object.keys(event.data.changes))) keepVerdict(event.data.productId);
          break;
        case 'ProductLabelContributed':
          // A user's English label, like a moderator's ingredients, outlasts later exports.
          product(event.data.productId).rating = event.data.rating;
          keepVerdict(event.data.productId);
          break;
        case 'ProductReassessed':
          product(event.data.productId).rating = event.data.rating;
          break;
        case 'ProductRemoved':
          product(event.data.productId).listed = false;
          break;
        case 'ScanRecorded':
          product(event.data.productId).scans += 1;
          break;
        case 'ReviewPosted': {
          const { reviewId, productId, authorUid, rating } = event.data;
          reviews.set(reviewId, {
            review_id: reviewId,
            product_id: productId,
            author_uid: authorUid,
            stars: rating,
            hidden: false,
          });
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
        case 'ReviewAuthorErased': {
          // A removed review stops counting, as a hidden one does; a kept one counts on.
          const entry = reviews.get(event.data.reviewId);
          if (entry && !event.data.keep) entry.hidden = true;
          break;
        }
        case 'UserSuspended':
          suspended.add(event.data.uid);
          break;
        case 'UserReinstated':
          suspended.delete(event.data.uid);
          break;
        // Neither the quantity, votes nor lookups change a product's rating, listing, stars or scans.
        case 'ProductQuantityCorrected':
        case 'ReviewVoted':
        case 'ProductLookedUp':
        case 'UserRegistered':
        case 'UsernameSet':
        case 'PreferencesChanged':
        case 'SubscriptionRequested':
        case 'SubscriptionActivated':
        case 'SubscriptionCancelled':
        case 'SubscriptionExpired':
        case 'SubscriptionPaymentRefunded':
        case 'UserErased':
          break;
        default:
          event satisfies never;
      }
    }

    for (const [id, entry] of reviews) {
      const change = product(entry.product_id);
      const was = contribution(before.get(id), suspendedBefore);
      const now = contribution(entry, suspended);
      change.review_count += now.count - was.count;
      change.rating_total += now.stars - was.stars;
      change.recommendations += now.recommends - was.recommends;
    }

    if (reviews.size > 0) {
      await db
        .insertInto('product_rating_reviews')
        .values([...reviews.values()])
        .onConflict((oc) =>
          oc
            .column('review_id')
            .doUpdateSet((eb) => ({ stars: eb.ref('excluded.stars'), hidden: eb.ref('excluded.hidden') })),
        )
        .execute();
    }
    await saveSuspendedAuthors(db, suspendedBefore, suspended);
    if (products.size > 0) {
      // An import batch holds thousands of products: one array parameter per column.
      const rows = unnestRows([...products.values()], productChangeTypes);
      await db
        .insertInto('product_ratings')
        .columns(rows.columns)
        .expression(rows.select)
        .onConflict((oc) =>
          oc.column('product_id').doUpdateSet((eb) => ({
            rating: eb.fn.coalesce('excluded.rating', 'product_ratings.rating'),
            verdict_corrected: eb.fn.coalesce(
              'excluded.verdict_corrected',
              'product_ratings.verdict_corrected',
            ),
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
});

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

/** The products this batch updates from OFF whose ingredients a moderator corrected. */
async function loadVerdictsKept(db: Kysely<Database>, events: Batch): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const event of events) if (event.type === 'ProductUpdatedFromSource') ids.add(event.data.productId);
  if (ids.size === 0) return new Set();
  const rows = await db
    .selectFrom('product_ratings')
    .select('product_id')
    .where('product_id', 'in', [...ids])
    .where('verdict_corrected', '=', true)
    .execute();
  return new Set(rows.map((row) => row.product_id));
}

function contribution(entry: ReviewEntry | undefined, suspended: ReadonlySet<string>) {
  if (!entry || entry.hidden || suspended.has(entry.author_uid)) return { count: 0, stars: 0, recommends: 0 };
  return { count: 1, stars: entry.stars, recommends: recommends(entry.stars) ? 1 : 0 };
}

/** Current entries of the reviews this batch revises, hides, restores or erases the author of, and of every review by an author it suspends or reinstates. */
async function loadReviewEntries(db: Kysely<Database>, events: Batch): Promise<Map<string, ReviewEntry>> {
  const ids = new Set<string>();
  const authors = new Set<string>();
  for (const event of events) {
    if (
      event.type === 'ReviewRevised' ||
      event.type === 'ReviewHidden' ||
      event.type === 'ReviewRestored' ||
      event.type === 'ReviewAuthorErased'
    ) {
      ids.add(event.data.reviewId);
    }
    if (event.type === 'UserSuspended' || event.type === 'UserReinstated') authors.add(event.data.uid);
  }
  if (ids.size === 0 && authors.size === 0) return new Map();
  const rows = await db
    .selectFrom('product_rating_reviews')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(ids.size > 0 ? [eb('review_id', 'in', [...ids])] : []),
        ...(authors.size > 0 ? [eb('author_uid', 'in', [...authors])] : []),
      ]),
    )
    .execute();
  return new Map(rows.map((row) => [row.review_id, row]));
}

/**
 * Which authors this batch touches (through their reviews or their standing) are suspended before
 * it. Posting authors are looked up too: a review can land after its author's suspension, because
 * the command checks a read model that may lag behind.
 */
async function loadSuspendedAuthors(
  db: Kysely<Database>,
  events: Batch,
  entries: Map<string, ReviewEntry>,
): Promise<ReadonlySet<string>> {
  const authors = new Set([...entries.values()].map((entry) => entry.author_uid));
  for (const event of events) {
    if (event.type === 'ReviewPosted') authors.add(event.data.authorUid);
    if (event.type === 'UserSuspended' || event.type === 'UserReinstated') authors.add(event.data.uid);
  }
  if (authors.size === 0) return new Set();
  const rows = await db
    .selectFrom('product_rating_suspended_authors')
    .select('uid')
    .where('uid', 'in', [...authors])
    .execute();
  return new Set(rows.map((row) => row.uid));
}

async function saveSuspendedAuthors(
  db: Kysely<Database>,
  before: ReadonlySet<string>,
  now: ReadonlySet<string>,
) {
  const added = [...now].filter((uid) => !before.has(uid));
  const removed = [...before].filter((uid) => !now.has(uid));
  if (added.length > 0) {
    await db
      .insertInto('product_rating_suspended_authors')
      .values(added.map((uid) => ({ uid })))
      .execute();
  }
  if (removed.length > 0)
    await db.deleteFrom('product_rating_suspended_authors').where('uid', 'in', removed).execute();
}
