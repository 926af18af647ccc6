import { sql, type Kysely } from 'kysely';

export type IdKind = 'product' | 'article';

const sequences: Record<IdKind, string> = { product: 'product_id_seq', article: 'article_id_seq' };

/** Integer ids for products and articles (routes use `/product/1`), from PostgreSQL sequences. */
export interface IdAllocator {
  allocateId(kind: IdKind): Promise<number>;
  /** `count` ids in one statement (bulk imports), ascending; not necessarily consecutive. */
  allocateIds(kind: IdKind, count: number): Promise<number[]>;
}

/**
 * Allocates ids with `nextval`. Sequences never hand out a value twice, even across rolled back
 * transactions, so an id may be skipped but never reused.
 */
export function createIdAllocator<DB>(db: Kysely<DB>): IdAllocator {
  const allocateIds = async (kind: IdKind, count: number): Promise<number[]> => {
    if (!Number.isSafeInteger(count) || count < 0) throw new Error(`allocateIds: bad count ${count}`);
    if (count === 0) return [];
    const { rows } = await sql<{ id: string }>`
      select nextval(${sequences[kind]}) as id from generate_series(1, ${count}::int) order by 1`.execute(db);
    return rows.map((row) => Number(row.id));
  };
  return {
    allocateIds,
    allocateId: async (kind) => (await allocateIds(kind, 1))[0]!,
  };
}
