import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { z } from 'zod';
import { ratingSchema } from '@labelwise/domain';
import type { Database } from '@labelwise/projections/schema/database';
import { dateFilter, idList, likePattern, type ListQuery } from '../http/list-query';

const booleanFilter = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const productFilterSchema = z.strictObject({
  id: idList(z.coerce.number().int().positive()),
  q: z.string().max(200).optional(),
  rating: ratingSchema.optional(),
  source: z.enum(['starter', 'user', 'admin']).optional(),
  removed: booleanFilter.optional(),
  createdSince: dateFilter.optional(),
});
export type ProductFilter = z.infer<typeof productFilterSchema>;

const sortColumns = {
  id: 'p.id',
  name: 'p.name',
  brand: 'p.brand',
  rating: 'p.rating_rank',
  createdAt: 'p.created_at',
  reviewCount: 'reviewCount',
  scans: 'scans',
} as const;
export type ProductSortField = keyof typeof sortColumns;
export const productSortFields = Object.keys(sortColumns) as [ProductSortField, ...ProductSortField[]];

type ProductScope = ExpressionBuilder<Database & { p: Database['product_cards'] }, 'p'>;

function matching(filter: ProductFilter) {
  return (eb: ProductScope) => {
    const conditions = [];
    if (filter.id) conditions.push(eb('p.id', 'in', filter.id.length ? filter.id : [0]));
    if (filter.rating) conditions.push(eb('p.rating', '=', filter.rating));
    if (filter.source) conditions.push(eb('p.source', '=', filter.source));
    if (filter.removed !== undefined) conditions.push(eb('p.removed', '=', filter.removed));
    if (filter.createdSince) conditions.push(eb('p.created_at', '>=', filter.createdSince));
    const term = filter.q?.trim();
    if (term) {
      const pattern = likePattern(term);
      const byText = [
        eb('p.name', 'ilike', pattern),
        eb('p.brand', 'ilike', pattern),
        eb('p.barcode', 'ilike', pattern),
      ];
      conditions.push(eb.or(/^\d{1,9}$/.test(term) ? [...byText, eb('p.id', '=', Number(term))] : byText));
    }
    return eb.and(conditions);
  };
}

const selectedProducts = (db: Kysely<Database>) =>
  db
    .selectFrom('product_cards as p')
    .leftJoin('product_ratings as r', 'r.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.brand',
      'p.barcode',
      'p.ingredients',
      'p.description',
      'p.weight',
      'p.categories',
      'p.rating',
      'p.analysis',
      'p.source',
      'p.created_by',
      'p.created_at',
      'p.removed',
      sql<number>`coalesce(r.review_count, 0)::int`.as('reviewCount'),
      sql<number>`coalesce(r.rating_total, 0)::int`.as('ratingTotal'),
      sql<number>`coalesce(r.scans, 0)::int`.as('scans'),
    ]);
type ProductRow = Awaited<ReturnType<ReturnType<typeof selectedProducts>['execute']>>[number];

/** A product as the console shows it: its card, its analysis and its community numbers. */
function adminProduct(row: ProductRow) {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    barcode: row.barcode,
    ingredients: row.ingredients,
    description: row.description,
    weight: row.weight,
    categories: row.categories,
    rating: row.rating,
    analysis: row.analysis,
    source: row.source,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    removed: row.removed,
    reviewCount: row.reviewCount,
    averageStars: row.reviewCount > 0 ? Math.round((row.ratingTotal / row.reviewCount) * 10) / 10 : null,
    scans: row.scans,
  };
}
export type AdminProduct = ReturnType<typeof adminProduct>;

export async function listProducts(db: Kysely<Database>, query: ListQuery<ProductFilter, ProductSortField>) {
  const where = matching(query.filter);
  const [rows, count] = await Promise.all([
    selectedProducts(db)
      .where(where)
      .orderBy(sql.ref(sortColumns[query.sort.field]), query.sort.direction)
      .orderBy('p.id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('product_cards as p')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(adminProduct), total: Number(count.total) };
}

export async function findAdminProduct(db: Kysely<Database>, id: number): Promise<AdminProduct | undefined> {
  const row = await selectedProducts(db).where('p.id', '=', id).executeTakeFirst();
  return row && adminProduct(row);
}
