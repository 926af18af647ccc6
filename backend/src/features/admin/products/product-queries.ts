import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { averageRating, ratingSchema, type AdminProductResponse } from '@labelwise/domain';
import type { Database } from '@labelwise/projections/schema/database';
import {
  booleanFilter,
  countedPage,
  dateFilter,
  idList,
  matchingAll,
  searchTerm,
  tableList,
  textSearch,
  type ListQuery,
} from '../http/list-query';
import { offBlock, offColumns } from '../../products/product-view';

export const productList = tableList({
  filter: z.strictObject({
    id: idList(z.coerce.number().int().positive()),
    q: searchTerm,
    rating: ratingSchema.optional(),
    source: z.enum(['starter', 'user', 'admin', 'off']).optional(),
    removed: booleanFilter.optional(),
    createdSince: dateFilter.optional(),
  }),
  sortColumns: {
    id: 'p.id',
    name: 'p.name',
    brand: 'p.brand',
    rating: 'p.rating_rank',
    createdAt: 'p.created_at',
    reviewCount: 'reviewCount',
    scans: 'scans',
  },
  defaultSort: ['createdAt', 'DESC'],
});
export type ProductFilter = z.infer<typeof productList.filter>;
export type ProductSortField = keyof typeof productList.sortColumns;

type ProductScope = Database & { p: Database['product_cards'] };

const matching = (filter: ProductFilter) =>
  matchingAll<ProductScope, 'p'>((eb) => [
    filter.id && eb('p.id', 'in', filter.id.length ? filter.id : [0]),
    filter.rating && eb('p.rating', '=', filter.rating),
    filter.source && eb('p.source', '=', filter.source),
    filter.removed !== undefined && eb('p.removed', '=', filter.removed),
    filter.createdSince && eb('p.created_at', '>=', filter.createdSince),
    textSearch(eb, filter.q, ['p.name', 'p.brand', 'p.barcode'], (term) =>
      /^\d{1,9}$/.test(term) ? [eb('p.id', '=', Number(term))] : [],
    ),
  ]);

const selectedProducts = (db: Kysely<Database>) =>
  db
    .selectFrom('product_cards as p')
    .leftJoin('product_ratings as r', 'r.product_id', 'p.id')
    .leftJoin('product_off_sources as o', 'o.product_id', 'p.id')
    .select([
      ...offColumns,
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
      'p.unrated_reason',
      'p.corrected_fields',
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
function adminProduct(row: ProductRow): AdminProductResponse {
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
    unratedReason: row.unrated_reason,
    source: row.source,
    correctedFields: row.corrected_fields,
    off: offBlock(row),
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    removed: row.removed,
    reviewCount: row.reviewCount,
    averageStars: averageRating(row.ratingTotal, row.reviewCount),
    scans: row.scans,
  };
}
export type AdminProduct = AdminProductResponse;

export function listProducts(db: Kysely<Database>, query: ListQuery<ProductFilter, ProductSortField>) {
  const where = matching(query.filter);
  return countedPage(
    selectedProducts(db)
      .where(where)
      .orderBy(sql.ref(productList.sortColumns[query.sort.field]), query.sort.direction)
      .orderBy('p.id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('product_cards as p')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    adminProduct,
  );
}

export async function findAdminProduct(db: Kysely<Database>, id: number): Promise<AdminProduct | undefined> {
  const row = await selectedProducts(db).where('p.id', '=', id).executeTakeFirst();
  return row && adminProduct(row);
}
