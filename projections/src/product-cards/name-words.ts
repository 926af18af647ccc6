import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema/database';
import { alternativeCandidate } from './product-kind';

/**
 * Whether a similarity_vector lexeme is a word similar products compare (three or more letters:
 * no numbers, no stray letters). The words of a product's name that alternatives look up and the
 * words `product_name_words` holds must agree, so both use this.
 */
export function isSimilarityWord(lexeme: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`${lexeme} ~ '^[[:alpha:]]{3,}$'`;
}

/**
 * The rows `product_name_words` holds for these cards, as they are now: one per word of a listed,
 * rated card's name and categories (similarity_vector's A lexemes of three or more letters).
 */
function nameWordRows(ids: number[]) {
  return sql`
    select word, categories <> '' as categorised, rating_rank, id as product_id
    from product_cards p, unnest(tsvector_to_array(ts_filter(p.similarity_vector, '{a}'))) word
    where p.id = any(${ids}::int4[]) and ${alternativeCandidate('p')} and ${isSimilarityWord(sql.ref('word'))}`;
}

/** Drops the name words of these cards; called before a batch rewrites them (cf. countWords). */
export async function withdrawNameWords(db: Kysely<Database>, ids: number[]): Promise<void> {
  await sql`
    delete from product_name_words
    where (word, categorised, rating_rank, product_id) in (${nameWordRows(ids)})`.execute(db);
}

/** Adds the name words of these cards, after a batch wrote them. */
export async function addNameWords(db: Kysely<Database>, ids: number[]): Promise<void> {
  await sql`
    insert into product_name_words (word, categorised, rating_rank, product_id)
    ${nameWordRows(ids)}
    on conflict do nothing`.execute(db);
}
