import type { Kysely } from 'kysely';
import { notFound } from '@labelwise/domain';
import type { Database } from '@labelwise/projections/schema/database';
import { cardColumns, productColumns, productView, type ProductView } from './product-view';

export const PRODUCT_NOT_FOUND = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

export async function findProduct(db: Kysely<Database>, id: number): Promise<ProductView | undefined> {
  const row = await db
    .selectFrom('product_cards')
    .select(productColumns)
    .where('id', '=', id)
    .where('removed', '=', false)
    .executeTakeFirst();
  return row && productView(row);
}

export async function findProductByBarcode(
  db: Kysely<Database>,
  barcode: string,
): Promise<ProductView | undefined> {
  const row = await db
    .selectFrom('product_cards')
    .select(productColumns)
    .where('barcode', '=', barcode)
    .where('removed', '=', false)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && productView(row);
}

/** Newest first. */
export function listProducts(db: Kysely<Database>, page: { limit: number; offset: number }) {
  return db
    .selectFrom('product_cards')
    .select(cardColumns)
    .where('removed', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
