import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminReviewResponse } from '@labelwise/domain';
import { adminReviewView } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import { countedPage, matchingAll, textSearch, type ListQuery } from '../list-pages';
import type { Database } from '../schema/database';
import { reviewOfRow } from './documents';
import { reviewColumns, type ReviewsTable } from './tables';

/** What the console's review queue filters by. */
export interface AdminReviewFilter {
  id?: string[];
  q?: string;
  status?: 'visible' | 'hidden';
  productId?: number;
  rating?: number;
  authorUid?: string;
  postedSince?: Date;
  postedBefore?: Date;
}

/** What the console's review queue sorts by: each field's column. */
export const adminReviewSortColumns = {
  createdAt: 'r.created_at',
  rating: 'r.rating',
  helpfulVotes: 'r.helpful_votes',
  username: 'r.username',
  productId: 'r.product_id',
} as const;
export type AdminReviewSortField = keyof typeof adminReviewSortColumns;

type ReviewScope = Database & { r: Database['reviews']; p: Database['product_cards'] };

const matching = (filter: AdminReviewFilter) =>
  matchingAll<ReviewScope, 'r' | 'p'>((eb) => [
    filter.id && eb('r.id', 'in', filter.id.length ? filter.id : ['']),
    filter.status && eb('r.hidden', '=', filter.status === 'hidden'),
    filter.productId !== undefined && eb('r.product_id', '=', filter.productId),
    filter.rating !== undefined && eb('r.rating', '=', filter.rating),
    !!filter.authorUid && eb('r.author_uid', '=', filter.authorUid),
    filter.postedSince && eb('r.created_at', '>=', filter.postedSince),
    filter.postedBefore && eb('r.created_at', '<', filter.postedBefore),
    textSearch(eb, filter.q, ['r.comment', 'r.title', 'r.username', 'p.name']),
  ]);

function reviewsWithProduct(db: Kysely<Database>) {
  return db.selectFrom('reviews as r').leftJoin('product_cards as p', 'p.id', 'r.product_id');
}

const selectedReviews = (db: Kysely<Database>) =>
  reviewsWithProduct(db).select([
    ...columnNames(reviewColumns).map((column) => `r.${column}` as const),
    'p.name as product_name',
    'p.brand as product_brand',
  ]);

/** A review as the console shows it: with its product and author at a glance. */
function adminReview({ product_name, product_brand, ...row }: Selectable<ReviewsTable> & ProductColumns) {
  const votes = { helpfulVotes: row.helpful_votes, unhelpfulVotes: row.unhelpful_votes };
  return adminReviewView(reviewOfRow(row), votes, { name: product_name, brand: product_brand });
}
type ProductColumns = { product_name: string | null; product_brand: string | null };

export function listAdminReviews(
  db: Kysely<Database>,
  query: ListQuery<AdminReviewFilter, AdminReviewSortField>,
) {
  const where = matching(query.filter);
  return countedPage(
    selectedReviews(db)
      .where(where)
      .orderBy(adminReviewSortColumns[query.sort.field], query.sort.direction)
      .orderBy('r.id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    reviewsWithProduct(db)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    adminReview,
  );
}

export async function findAdminReview(
  db: Kysely<Database>,
  id: string,
): Promise<AdminReviewResponse | undefined> {
  const row = await selectedReviews(db).where('r.id', '=', id).executeTakeFirst();
  return row && adminReview(row);
}

/** The console dashboard's review numbers: visible ones posted since `since` (waiting for a look), hidden, visible. */
export function adminReviewCounts(db: Kysely<Database>, since: Date) {
  return db
    .selectFrom('reviews')
    .select([
      sql<number>`count(*) filter (where not hidden and created_at >= ${since})::int`.as('waiting'),
      sql<number>`count(*) filter (where hidden)::int`.as('hidden'),
      sql<number>`count(*) filter (where not hidden)::int`.as('visible'),
    ])
    .executeTakeFirstOrThrow();
}
