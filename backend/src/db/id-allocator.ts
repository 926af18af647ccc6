import { sql, type Kysely } from 'kysely';

export type IdKind = 'product' | 'article';

const sequences: Record<IdKind, string> = { product: 'product_id_seq', article: 'article_id_seq' };

/** Integer ids for products and articles (routes use `/product/1`), from PostgreSQL sequences. */
export interface IdAllocator {
  allocateId(kind: IdKind): Promise<number>;
}

/** Idempotent: creates the id sequences when missing (serialized: `if not exists` alone races). */
export async function ensureIdSequences<DB>(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('labelwise:id-sequences'))`.execute(trx);
    for (const name of Object.values(sequences)) {
      await sql`create sequence if not exists ${sql.id(name)} as bigint start 1`.execute(trx);
    }
  });
}

/**
 * Allocates ids with `nextval`. Sequences never hand out a value twice, even across rolled back
 * transactions, so an id may be skipped but never reused.
 */
export function createIdAllocator<DB>(db: Kysely<DB>): IdAllocator {
  let ready: Promise<void> | undefined;
  return {
    async allocateId(kind) {
      ready ??= ensureIdSequences(db).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const { rows } = await sql<{ id: string }>`select nextval(${sequences[kind]}) as id`.execute(db);
      return Number(rows[0]!.id);
    },
  };
}
