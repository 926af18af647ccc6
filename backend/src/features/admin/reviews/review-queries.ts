import type { ExpressionBuilder, Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '@labelwise/projections/schema/database';
import { dateFilter, idList, likePattern, type ListQuery } from '../http/list-query';

export const reviewFilterSchema = z.strictObject({
  id: idList(z.string().max(64)),
  q: z.string().max(200).optional(),
  status: z.enum(['visible', 'hidden']).optional(),
  productId: z.coerce.number().int().positive().optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  authorUid: z.string().max(128).optional(),
  postedSince: dateFilter.optional(),
  postedBefore: dateFilter.optional(),
});
export type ReviewFilter = z.infer<typeof reviewFilterSchema>;

const sortColumns = {
  createdAt: 'r.created_at',
  rating: 'r.rating',
  helpfulVotes: 'r.helpful_votes',
  username: 'r.username',
  productId: 'r.product_id',
} as const;
export type ReviewSortField = keyof typeof sortColumns;
export const reviewSortFields = Object.keys(sortColumns) as [ReviewSortField, ...ReviewSortField[]];

type ReviewScope = ExpressionBuilder<
  Database & { r: Database['reviews']; p: Database['product_cards'] },
  'r' | 'p'
>;

function matching(filter: ReviewFilter) {
  return (eb: ReviewScope) => {
    const conditions = [];
    if (filter.id) conditions.push(eb('r.id', 'in', filter.id.length ? filter.id : ['']));
    if (filter.status) conditions.push(eb('r.hidden', '=', filter.status === 'hidden'));
    if (filter.productId !== undefined) conditions.push(eb('r.product_id', '=', filter.productId));
    if (filter.rating !== undefined) conditions.push(eb('r.rating', '=', filter.rating));
    if (filter.authorUid) conditions.push(eb('r.author_uid', '=', filter.authorUid));
    if (filter.postedSince) conditions.push(eb('r.created_at', '>=', filter.postedSince));
    if (filter.postedBefore) conditions.push(eb('r.created_at', '<', filter.postedBefore));
    if (filter.q?.trim()) {
      const pattern = likePattern(filter.q);
      conditions.push(
        eb.or([
          eb('r.comment', 'ilike', pattern),
          eb('r.title', 'ilike', pattern),
          eb('r.username', 'ilike', pattern),
          eb('p.name', 'ilike', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

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
function adminReview(row: ReviewRow) {
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
export type AdminReview = ReturnType<typeof adminReview>;

export async function listReviews(db: Kysely<Database>, query: ListQuery<ReviewFilter, ReviewSortField>) {
  const where = matching(query.filter);
  const [rows, count] = await Promise.all([
    selectedReviews(db)
      .where(where)
      .orderBy(sortColumns[query.sort.field], query.sort.direction)
      .orderBy('r.id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    reviewsWithProduct(db)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(adminReview), total: Number(count.total) };
}

export async function findAdminReview(db: Kysely<Database>, id: string): Promise<AdminReview | undefined> {
  const row = await selectedReviews(db).where('r.id', '=', id).executeTakeFirst();
  return row && adminReview(row);
}
