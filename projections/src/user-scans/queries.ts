import { sql, type Kysely } from 'kysely';
import type { ProductCardResponse } from '@labelwise/domain';
import {
  cardColumns,
  catalogueCards,
  namedByIngredients,
  personalIngredients,
  productCards,
  visibleTo,
} from '../product-cards/card-columns';
import type { Database } from '../schema/database';

const toScannedProduct = ({ scanned_at, ...card }: ProductCardResponse & { scanned_at: Date }) => ({
  ...card,
  scannedAt: scanned_at.toISOString(),
});

/**
 * The user's scanned products, each once with its latest scan, newest first, at most `limit`; their
 * personal scans named by the ingredients they read.
 */
export async function scannedProducts(db: Kysely<Database>, uid: string, limit: number) {
  const rows = await productCards(db)
    .innerJoin('user_scans as s', 's.product_id', 'p.id')
    .select([...cardColumns, 's.scanned_at', personalIngredients])
    .where('s.uid', '=', uid)
    .where(visibleTo(uid))
    .orderBy('s.position_commit', 'desc')
    .orderBy('s.position_prepare', 'desc')
    .limit(sql.lit(limit))
    .execute();
  return rows.map((row) => toScannedProduct(namedByIngredients(row)));
}

/**
 * Everyone's latest scans of catalogue products, one card per product, newest first. The limit is
 * written into the statement: prepared (see prepareRecurringStatements), a limit passed as a
 * parameter leaves PostgreSQL's generic plan guessing a tenth of the table, and it keeps planning
 * each call anew (2 ms here, against 1 ms to run it) or picks a parallel scan.
 */
export async function recentlyScanned(db: Kysely<Database>, limit: number) {
  const rows = await catalogueCards(db)
    .innerJoin('product_last_scans as s', 's.product_id', 'p.id')
    .select([...cardColumns, 's.scanned_at'])
    .orderBy('s.position_commit', 'desc')
    .orderBy('s.position_prepare', 'desc')
    .limit(sql.lit(limit))
    .execute();
  return rows.map(toScannedProduct);
}

/** Whether `uid` has scanned the product: what makes a review's purchase verified. */
export async function hasScanned(db: Kysely<Database>, uid: string, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_scans')
    .select('uid')
    .where('uid', '=', uid)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Products scanned since `since`, counted once per user (`user_scans` keeps each user's latest scan of each product). */
export async function productsScannedSince(db: Kysely<Database>, since: Date): Promise<number> {
  const { count } = await db
    .selectFrom('user_scans')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('scanned_at', '>=', since)
    .executeTakeFirstOrThrow();
  return count;
}
