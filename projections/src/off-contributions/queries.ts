import type { Kysely } from 'kysely';
import type { Database } from '../schema/database';

/**
 * Every label in the outbox, as a subquery (`selectFrom(queuedLabels(db).as('c'))`): the sender and
 * the console join their own progress table to it. Any Kysely holding the read tables will do,
 * the sender's (which also knows its own table) included.
 */
export function queuedLabels(db: Pick<Kysely<Database>, 'selectFrom'>) {
  return db.selectFrom('off_contributions').selectAll();
}

/** One label version in the outbox, if it is still there. */
export function findQueuedLabel(db: Kysely<Database>, productId: number, labelVersion: number) {
  return db
    .selectFrom('off_contributions')
    .selectAll()
    .where('product_id', '=', productId)
    .where('label_version', '=', labelVersion)
    .executeTakeFirst();
}
