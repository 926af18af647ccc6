import { sql, type Kysely } from 'kysely';
import type { AdminBrandResponse } from '@labelwise/domain';
import { countedPage, likePattern, type ListQuery } from '../list-pages';
import type { Database } from '../schema/database';
import { catalogueCards } from './card-columns';

/** What the console's brand list filters by: part of the spelling. */
export interface BrandFilter {
  q?: string;
}

/** What the console's brand list sorts by: each field's column. */
export const brandSortColumns = { brand: 'brand', products: 'products' } as const;
export type BrandSortField = keyof typeof brandSortColumns;

/** The listed products that carry a brand (not removed, not anyone's personal scan), spelt as `q` asks. */
function brandedCards(db: Kysely<Database>, q: string | undefined) {
  const term = q?.trim();
  return catalogueCards(db)
    .where('p.brand', '<>', '')
    .$if(!!term, (query) => query.where(sql<boolean>`p.brand ilike ${likePattern(term!)}`));
}

/**
 * Every spelling of a brand in the catalogue, each with how many listed products carry it: the
 * same brand spelt several ways ('Cadbury', 'CADBURY', "Cadbury's") is several rows, each exactly
 * as the products spell it.
 */
export function listBrands(
  db: Kysely<Database>,
  query: ListQuery<BrandFilter, BrandSortField>,
): Promise<{ rows: AdminBrandResponse[]; total: number }> {
  const brands = brandedCards(db, query.filter.q);
  const direction = query.sort.direction;
  return countedPage(
    brands
      .select(['p.brand as brand', sql<number>`count(*)::int`.as('products')])
      .groupBy('p.brand')
      .orderBy(sql.ref(brandSortColumns[query.sort.field]), direction)
      .orderBy('p.brand', direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    brands.select(sql<number>`count(distinct p.brand)::int`.as('total')).executeTakeFirstOrThrow(),
    ({ brand, products }) => ({ id: brand, brand, products }),
  );
}

/**
 * The next `limit` listed products after `afterId` (in id order) whose brand is spelt exactly
 * `brand`: the pages a brand correction works through.
 */
export async function productIdsWithBrand(
  db: Kysely<Database>,
  brand: string,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await catalogueCards(db)
    .select('p.id')
    .where('p.brand', '=', brand)
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map(({ id }) => id);
}
