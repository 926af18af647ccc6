import type { Kysely } from 'kysely';
import type { Database } from '@labelwise/projections';

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
