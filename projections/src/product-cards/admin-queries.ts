import { sql, type Kysely } from 'kysely';
import { averageRating, type AdminProductResponse, type Rating, adminProductView } from '@labelwise/domain';
import type { ProductSource } from '@labelwise/domain';
import { countedPage, matchingAll, textSearch, type ListQuery } from '../list-pages';
import type { Database } from '../schema/database';
import { documentColumns, productDocument } from './documents';

/** What the console's product list filters by. */
export interface AdminProductFilter {
  id?: number[];
  q?: string;
  rating?: Rating;
  source?: ProductSource;
  removed?: boolean;
  createdSince?: Date;
}

/** What the console's product list sorts by: each field's column. */
export const adminProductSortColumns = {
  id: 'p.id',
  name: 'p.name',
  brand: 'p.brand',
  rating: 'p.rating_rank',
  createdAt: 'p.created_at',
  reviewCount: 'reviewCount',
  scans: 'scans',
} as const;
export type AdminProductSortField = keyof typeof adminProductSortColumns;

type ProductScope = Database & { p: Database['product_cards'] };

const matching = (filter: AdminProductFilter) =>
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
      ...documentColumns,
      sql<number>`coalesce(r.review_count, 0)::int`.as('reviewCount'),
      sql<number>`coalesce(r.rating_total, 0)::int`.as('ratingTotal'),
      sql<number>`coalesce(r.scans, 0)::int`.as('scans'),
    ]);
type ProductRow = Awaited<ReturnType<ReturnType<typeof selectedProducts>['execute']>>[number];

/** A product as the console shows it: its document and the community's numbers. */
function adminProduct(row: ProductRow): AdminProductResponse {
  const { reviewCount, ratingTotal, scans } = row;
  return adminProductView(productDocument(row), {
    reviewCount,
    averageStars: averageRating(ratingTotal, reviewCount),
    scans,
  });
}

export function listAdminProducts(
  db: Kysely<Database>,
  query: ListQuery<AdminProductFilter, AdminProductSortField>,
) {
  const where = matching(query.filter);
  return countedPage(
    selectedProducts(db)
      .where(where)
      .orderBy(sql.ref(adminProductSortColumns[query.sort.field]), query.sort.direction)
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

export async function findAdminProduct(
  db: Kysely<Database>,
  id: number,
): Promise<AdminProductResponse | undefined> {
  const row = await selectedProducts(db).where('p.id', '=', id).executeTakeFirst();
  return row && adminProduct(row);
}

/** The console dashboard's product numbers: created since `since` (starter products aside), listed, removed. */
export function adminProductCounts(db: Kysely<Database>, since: Date) {
  return db
    .selectFrom('product_cards')
    .select([
      sql<number>`count(*) filter (where created_at >= ${since} and source <> 'starter')::int`.as('newToday'),
      sql<number>`count(*) filter (where not removed)::int`.as('listed'),
      sql<number>`count(*) filter (where removed)::int`.as('removed'),
    ])
    .executeTakeFirstOrThrow();
}
