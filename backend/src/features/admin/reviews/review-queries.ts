import type { Kysely } from 'kysely';
import type { AdminReviewResponse } from '@labelwise/domain';
import { z } from 'zod';
import type { Database } from '@labelwise/projections/schema/database';
import {
  countedPage,
  dateFilter,
  idList,
  matchingAll,
  searchTerm,
  tableList,
  textSearch,
  type ListQuery,
} from '../http/list-query';

export const reviewList = tableList({
  filter: z.strictObject({
    id: idList(z.string().max(64)),
    q: searchTerm,
    status: z.enum(['visible', 'hidden']).optional(),
    productId: z.coerce.number().int().positive().optional(),
    rating: z.coerce.number().int().min(1).max(5).optional(),
    authorUid: z.string().max(128).optional(),
    postedSince: dateFilter.optional(),
    postedBefore: dateFilter.optional(),
  }),
  sortColumns: {
    createdAt: 'r.created_at',
    rating: 'r.rating',
    helpfulVotes: 'r.helpful_votes',
    username: 'r.username',
    productId: 'r.product_id',
  },
  defaultSort: ['createdAt', 'DESC'],
});
export type ReviewFilter = z.infer<typeof reviewList.filter>;
export type ReviewSortField = keyof typeof reviewList.sortColumns;

type ReviewScope = Database & { r: Database['reviews']; p: Database['product_cards'] };

const matching = (filter: ReviewFilter) =>
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

const columns = [
  'r.id',
  'r.product_id',
  'p.name as product_name',
  'p.brand as product_brand',
  'r.author_uid',
  'r.username',
  'r.rating',
  'r.title',
  'r.comment',
  'r.is_verified_purchase',
  'r.created_at',
  'r.revised_at',
  'r.hidden',
  'r.helpful_votes',
  'r.unhelpful_votes',
] as const;

const selectedReviews = (db: Kysely<Database>) => reviewsWithProduct(db).select(columns);
type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectedReviews>['execute']>>[number];

/** A review as the console shows it: with its product and author at a glance. */
function adminReview(row: ReviewRow): AdminReviewResponse {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    productBrand: row.product_brand,
    authorUid: row.author_uid,
    username: row.username,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    isVerifiedPurchase: row.is_verified_purchase,
    createdAt: row.created_at.toISOString(),
    revisedAt: row.revised_at?.toISOString() ?? null,
    hidden: row.hidden,
    helpfulVotes: row.helpful_votes,
    unhelpfulVotes: row.unhelpful_votes,
  };
}
export type AdminReview = AdminReviewResponse;

export function listReviews(db: Kysely<Database>, query: ListQuery<ReviewFilter, ReviewSortField>) {
  const where = matching(query.filter);
  return countedPage(
    selectedReviews(db)
      .where(where)
      .orderBy(reviewList.sortColumns[query.sort.field], query.sort.direction)
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

export async function findAdminReview(db: Kysely<Database>, id: string): Promise<AdminReview | undefined> {
  const row = await selectedReviews(db).where('r.id', '=', id).executeTakeFirst();
  return row && adminReview(row);
}
