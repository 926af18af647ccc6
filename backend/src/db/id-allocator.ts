import { sql, type Kysely } from 'kysely';

export type IdKind = 'product' | 'article';

const sequences: Record<IdKind, string> = { product: 'product_id_seq', article: 'article_id_seq' };

/** Integer ids for products and articles (routes use `/product/1`), from PostgreSQL sequences. */
export interface IdAllocator {
  allocateId(kind: IdKind): Promise<number>;
  /** `count` ids in one statement (bulk imports), ascending; not necessarily consecutive. */
  allocateIds(kind: IdKind, count: number): Promise<number[]>;
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
  const allocateIds = async (kind: IdKind, count: number): Promise<number[]> => {
    if (!Number.isSafeInteger(count) || count < 0) throw new Error(`allocateIds: bad count ${count}`);
    if (count === 0) return [];
    ready ??= ensureIdSequences(db).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
    const { rows } = await sql<{ id: string }>`
      select nextval(${sequences[kind]}) as id from generate_series(1, ${count}::int) order by 1`.execute(db);
    return rows.map((row) => Number(row.id));
  };
  return {
    allocateIds,
    allocateId: async (kind) => (await allocateIds(kind, 1))[0]!,
  };
}
