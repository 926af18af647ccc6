import { sql, type Expression, type Kysely } from 'kysely';
import type {
  ProductCardResponse,
  ProductFields,
  ProductResponse,
  Rating,
  SearchHitResponse,
} from '@labelwise/domain';
import { barcodeKeys, headNoun, productView } from '@labelwise/domain';
import type { Database } from '../schema/database';
import {
  cardColumns,
  cardImageJoin,
  cardSelection,
  catalogueCards,
  productCards,
  visibleTo,
} from './card-columns';
import { documentColumns, productDocument, type DocumentRow } from './documents';

function products(db: Kysely<Database>) {
  return productCards(db).select(documentColumns);
}

/** The product page of a document's rows, if found. */
const pageOf = (row: DocumentRow | undefined) => row && productView(productDocument(row));

/** A listed product, unless it is someone else's personal scan (for them it does not exist). */
export async function findProduct(
  db: Kysely<Database>,
  id: number,
  viewer: string | undefined,
): Promise<ProductResponse | undefined> {
  return pageOf(await products(db).where('p.id', '=', id).where(visibleTo(viewer)).executeTakeFirst());
}

/**
 * The product a scanned or typed barcode stands for: the code as printed or any of its EAN-13 /
 * UPC-A / EAN-8 forms matches a product's barcode keys (the oldest product wins, should two
 * share one).
 */
export async function findProductByBarcode(
  db: Kysely<Database>,
  barcode: string,
): Promise<ProductResponse | undefined> {
  const keys = barcodeKeys(barcode);
  if (keys.length === 0) return undefined;
  const row = await products(db)
    .where('p.id', '=', (eb) =>
      eb
        .selectFrom('product_barcode_keys')
        .select(eb.fn.min('product_id').as('product_id'))
        .where('key', 'in', keys),
    )
    .executeTakeFirst();
  return pageOf(row);
}

/**
 * The catalogue product a label describes when it has no barcode to go by: the same name, brand
 * and ingredients, compared in the read model's normal form (case, accents and spacing aside);
 * the oldest should there be several.
 */
export async function findProductByLabel(
  db: Kysely<Database>,
  label: Pick<ProductFields, 'name' | 'brand' | 'ingredients'>,
): Promise<ProductResponse | undefined> {
  const searchKey = (text: string) => sql<string>`public.labelwise_search_key(${text})`;
  const row = await catalogueCards(db)
    .select(documentColumns)
    .where('p.name_key', '=', searchKey(label.name))
    .where(searchKey(label.brand), '=', sql<string>`public.labelwise_search_key(p.brand)`)
    .where(searchKey(label.ingredients), '=', sql<string>`public.labelwise_search_key(p.ingredients)`)
    .orderBy('p.id')
    .executeTakeFirst();
  return pageOf(row);
}

/** Newest first. */
export function listProducts(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<ProductCardResponse[]> {
  return catalogueCards(db)
    .select(cardColumns)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export const SEARCH_LIMIT = 50;
/** Edits (Levenshtein distance) a word of six letters or more may be away from a product word. */
const MAX_TYPOS = 2;

/** Search answers product cards, each saying whether it only nearly matches the query. */
export type SearchHit = SearchHitResponse;

/**
 * Catalogue products matching `query`, best first, each product (name, brand and rating) once, in
 * one statement. Text is compared in the read model's normal form (lower-case, unaccented). Each
 * word matches as a prefix, or as one of the three closest words of the product vocabulary
 * (trigram candidates within one typo, two from six letters), which forgives "choclate". Words
 * whose products were all removed or corrected away stay in the vocabulary with a count of 0 and
 * are never offered.
 *
 * A product matches when its name, brand or categories hold every word, or its ingredients hold
 * them together as written ("oat milk"; one word needs no more). Others come after, as near
 * matches (`nearMatch`): ingredients holding every word apart and, only when nothing matches,
 * names holding some of the words.
 *
 * Ranking: the exact name, then products of the kind searched for (whose name or most specific
 * category has the query's head noun, see headNoun: "crisps" finds crisps before crisp bars),
 * then products whose name or brand holds every word, then ingredient mentions; within these,
 * names and brands holding every word whole before those matching by prefix or typo ("milk" finds
 * Milk Chocolate before Milkshake), then by full-text rank, name similarity, newest. Each tier
 * takes a bounded number of candidates. The name tier reads `name_vector`'s index (a GIN bitmap
 * holds every match before the limit applies, and ingredient words such as "sugar" match most of
 * a large catalogue), the kind tier `product_cards_head_noun` and `product_cards_kind_noun`, and
 * the ingredient tier runs only when the others leave the page short. Only the page's products,
 * once ranked, are read as cards (with their photos).
 */
export async function searchProducts(db: Kysely<Database>, query: string): Promise<SearchHit[]> {
  const { rows } = await sql<SearchHit>`
    with input as (
      select public.labelwise_search_key(${query}) as text, ${headNoun(query)}::text as kind
    ),
    terms as (
      select term, min(position) as position
      from input, regexp_split_to_table(input.text, '[^[:alnum:]]+') with ordinality as split(term, position)
      where term <> ''
      group by term
      order by min(position)
      limit 8
    ),
    corrections as (
      select terms.term, terms.position, close.word
      from terms
      left join lateral (
        select word from product_search_words
        where length(terms.term) >= 4 and word % terms.term and word <> terms.term and products > 0
          and levenshtein_less_equal(word, terms.term, ${MAX_TYPOS}) <= case when length(terms.term) >= 6 then ${MAX_TYPOS} else 1 end
        order by levenshtein(word, terms.term), similarity(word, terms.term) desc, word
        limit 3
      ) close on true
    ),
    per_term as (
      select
        min(position) as position,
        quote_literal(term) || case when length(term) >= 3 then ':*' else '' end
          || coalesce(' | ' || string_agg(quote_literal(word), ' | '), '') as anywhere,
        quote_literal(term) || case when length(term) >= 3 then ':*AB' else ':AB' end
          || coalesce(' | ' || string_agg(quote_literal(word) || ':AB', ' | '), '') as in_name,
        quote_literal(term) || ':AB' as whole_word
      from corrections
      group by term
    ),
    query as (
      select
        to_tsquery('simple', string_agg('(' || anywhere || ')', ' & ')) as anywhere,
        to_tsquery('simple', string_agg('(' || anywhere || ')', ' <-> ' order by position)) as phrase,
        to_tsquery('simple', string_agg('(' || in_name || ')', ' & ')) as in_name,
        to_tsquery('simple', string_agg('(' || in_name || ')', ' | ')) as some_words,
        to_tsquery('simple', string_agg(whole_word, ' & ')) as whole_words,
        count(*) as words
      from per_term
    ),
    named as materialized (
      (select id, 0 as tier from product_cards
        where name_key = (select text from input) and not removed and not personal limit 50)
      union all
      (select id, 1 from product_cards
        where name_vector @@ (select in_name from query) and not removed and not personal limit 500)
      union all
      (select id, 1 from product_cards
        where head_noun = (select kind from input) and head_noun <> '' and not removed and not personal
          and search_vector @@ (select anywhere from query) limit 50)
      union all
      (select id, 1 from product_cards
        where kind_noun = (select kind from input) and kind_noun <> '' and not removed and not personal
          and search_vector @@ (select anywhere from query) limit 50)
    ),
    found as (
      select id, min(tier) as tier
      from (
        select id, tier from named
        union all
        (select id, 2 from product_cards
          where (select count(distinct id) from named) < ${SEARCH_LIMIT}
            and search_vector @@ (select anywhere from query) and not removed and not personal limit 100)
      ) hits
      group by id
    ),
    matched as (
      select f.id, f.tier, f.tier = 2 and q.words > 1 and not p.search_vector @@ q.phrase as near
      from found f join product_cards p using (id), query q
    ),
    candidates as (
      select * from matched
      union all
      (select id, 3, true from product_cards
        where not exists (select from matched where not near)
          and name_vector @@ (select some_words from query) and not removed and not personal limit 50)
    ),
    ranked as (
      select p.id, p.name_key, public.labelwise_search_key(p.brand) as brand, p.rating, c.near, c.tier,
        (select kind <> '' and kind in (p.head_noun, p.kind_noun) from input) as of_kind,
        p.name_vector @@ q.whole_words as whole_words,
        ts_rank(p.search_vector, case when c.tier = 3 then q.some_words else q.anywhere end) as rank,
        similarity(p.name_key, (select text from input)) as similarity,
        p.created_at
      from candidates c
      join product_cards p using (id), query q
    ),
    page as (
      select id, near, position from (
        select id, near,
          row_number() over (order by
            near, tier = 0 desc, of_kind desc, tier, whole_words desc, rank desc, similarity desc,
            created_at desc, id desc
          ) as position,
          row_number() over (partition by name_key, brand, rating order by
            near, tier = 0 desc, of_kind desc, tier, whole_words desc, rank desc, similarity desc,
            created_at desc, id desc
          ) as copy
        from ranked
      ) numbered
      where copy = 1
      order by position
      limit ${SEARCH_LIMIT}
    )
    select ${cardSelection}, page.near as "nearMatch"
    from page
    join product_cards p using (id)
    ${cardImageJoin}
    order by page.position
  `.execute(db);
  return rows;
}

/** The next `limit` rated products (not removed) after `after`, in id order, with their ratings. */
export async function ratedProductsAfter(
  db: Kysely<Database>,
  after: number,
  limit: number,
): Promise<Array<{ id: number; rating: Rating }>> {
  const rows = await db
    .selectFrom('product_cards')
    .select(['id', sql<Rating>`rating`.as('rating')])
    .where('id', '>', after)
    .where('removed', '=', false)
    .where('rating', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows;
}

/** The products a user created (in the catalogue or as their own scans), oldest first. */
export async function productsCreatedBy(db: Kysely<Database>, uid: string): Promise<number[]> {
  const rows = await db
    .selectFrom('product_cards')
    .select('id')
    .where('created_by', '=', uid)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Name, and whether a user gave its label, of each of these products still known. */
export async function productsNamed(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, { name: string; userLabel: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_cards')
    .select(['id', 'name', 'user_label'])
    .where('id', '=', sql<number>`any(${sql.val([...ids])}::int[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, userLabel: row.user_label }]));
}

/**
 * How many of the products `productIds` selects are listed and still Unrated because their
 * ingredients are not in English.
 */
export async function countUnratedForLanguage(
  db: Kysely<Database>,
  productIds: Expression<number>,
): Promise<number> {
  const { count } = await db
    .selectFrom('product_cards')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('id', 'in', productIds)
    .where('removed', '=', false)
    .where('unrated_reason', '=', 'ingredients not in English')
    .executeTakeFirstOrThrow();
  return count;
}
