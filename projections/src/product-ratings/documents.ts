import type { Insertable, Kysely } from 'kysely';
import {
  keepsLabel,
  type AnalysisSummary,
  type ProductDocument,
  type Rating,
  type ReviewDocument,
} from '@labelwise/domain';
import type { Database } from '../schema/database';
import type { ProductRatingReviewsTable } from './tables';

// The one mapping between the documents the domain folds and the ranking's rows. A row keeps a few
// parts of a document: those the ranking reads and those the fold derives them from. The document
// a row gives back holds those parts and leaves the rest empty; folded on, it gives the parts the
// whole document gives (documents.test.ts checks it for every event of the sample histories).

/** What the ranking keeps of a product: its rating, listing, creation time and whether its label stands. */
export interface ProductFacts {
  product_id: number;
  rating: Rating | 'unrated';
  listed: boolean;
  created_at: string;
  verdict_corrected: true | null;
}

export function productFacts(product: ProductDocument): ProductFacts {
  return {
    product_id: product.productId,
    rating: product.verdict?.rating ?? 'unrated',
    listed: product.status === 'listed',
    created_at: product.createdAt,
    // Null rather than false, as the table always kept it: once a label stands it stays standing.
    verdict_corrected: keepsLabel(product) || null,
  };
}

/**
 * The product document a ranking row holds. The row keeps whether the product's label stands
 * against later exports, not who gave it: the fold treats a user's label and a moderator's
 * ingredients alike, so it is kept as the former. Of a verdict it keeps the rating; the fold passes
 * an analysis on and never reads it.
 */
export function productOfFacts(facts: ProductFacts): ProductDocument {
  const { rating } = facts;
  return {
    status: facts.listed ? 'listed' : 'removed',
    productId: facts.product_id,
    fields: { name: '', brand: '', barcode: '', ingredients: '', description: '', weight: '' },
    categories: [],
    corrected: [],
    verdict: rating === 'unrated' ? null : { rating, analysis: analysisNotKept(rating) },
    unratedReason: null,
    personalTo: null,
    userLabel: facts.verdict_corrected === true,
    source: 'off',
    createdBy: null,
    createdAt: facts.created_at,
    off: null,
  };
}

const analysisNotKept = (rating: Rating): AnalysisSummary => ({
  rating,
  processingLevel: 'minimal',
  additiveCount: 0,
  isProcessed: false,
  isUltraProcessed: false,
  concerns: [],
});

/** The documents of these products, as far as their rows hold them (none before their creation is seen). */
export async function loadProducts(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, ProductDocument>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_ratings')
    .select(['product_id', 'rating', 'listed', 'created_at', 'verdict_corrected'])
    .where('product_id', 'in', ids)
    .where('created_at', 'is not', null)
    .execute();
  // The facts are written together: a row with a creation time has them all.
  const products = rows.map(({ product_id, rating, listed, created_at, verdict_corrected }) =>
    productOfFacts({
      product_id,
      rating: rating!,
      listed: listed!,
      created_at: created_at!.toISOString(),
      verdict_corrected: verdict_corrected || null,
    }),
  );
  return new Map(products.map((product) => [product.productId, product]));
}

export type ReviewEntry = Insertable<ProductRatingReviewsTable>;

/** What the ranking keeps of a review: its product, author, stars and whether it is hidden. */
export const reviewEntry = (review: ReviewDocument): ReviewEntry => ({
  review_id: review.reviewId,
  product_id: review.productId,
  author_uid: review.authorUid,
  stars: review.rating,
  hidden: review.status === 'hidden',
});

/** The review document an entry holds: its texts, votes and dates left empty. */
export const reviewOfEntry = (entry: ReviewEntry): ReviewDocument => ({
  status: entry.hidden ? 'hidden' : 'visible',
  reviewId: entry.review_id,
  productId: entry.product_id,
  authorUid: entry.author_uid,
  username: '',
  isVerifiedPurchase: false,
  postedAt: '',
  revisedAt: null,
  rating: entry.stars,
  title: null,
  comment: '',
  hiddenReason: null,
  votes: {},
  authorErased: false,
});

/**
 * The entries of these reviews and of every review by these authors, each with whether its author
 * is suspended now (before the batch).
 */
export async function loadReviewEntries(
  db: Kysely<Database>,
  reviewIds: readonly string[],
  authors: readonly string[],
): Promise<Map<string, { entry: ReviewEntry; authorSuspended: boolean }>> {
  if (reviewIds.length === 0 && authors.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_rating_reviews as r')
    .leftJoin('product_rating_suspended_authors as s', 's.uid', 'r.author_uid')
    .select(['r.review_id', 'r.product_id', 'r.author_uid', 'r.stars', 'r.hidden', 's.uid as suspended_uid'])
    .where((eb) =>
      eb.or([
        ...(reviewIds.length > 0 ? [eb('r.review_id', 'in', reviewIds)] : []),
        ...(authors.length > 0 ? [eb('r.author_uid', 'in', authors)] : []),
      ]),
    )
    .execute();
  return new Map(
    rows.map(({ suspended_uid, ...entry }) => [
      entry.review_id,
      { entry, authorSuspended: suspended_uid !== null },
    ]),
  );
}
