import { sql, type Kysely } from 'kysely';
import type { ProductCardResponse } from '@labelwise/domain';
import { executeWithGenericPlan } from '@labelwise/runtime';
import type { Database } from '../schema/database';
import { cardColumns, cardImageJoin, cardSelection, catalogueCards, visibleTo } from './card-columns';
import { isSimilarityWord } from './name-words';
import { alternativeCandidate, kindOf } from './product-kind';

/** The most either community list answers at once. */
export const COMMUNITY_LIST_LIMIT = 24;
export const ALTERNATIVES_LIMIT = 6;

/** Alternatives are product cards. */
export type SimilarProduct = ProductCardResponse;

/** Green products with nothing known against their nutrition, newest first. */
export function cleanAlternatives(db: Kysely<Database>): Promise<ProductCardResponse[]> {
  return catalogueCards(db)
    .select(cardColumns)
    .where('p.rating', '=', 'green')
    .where(sql<boolean>`p.nutrition_warnings = '[]'::jsonb`)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(sql.lit(COMMUNITY_LIST_LIMIT))
    .execute();
}

/** Best-rated products read per kind; the most similar of them are kept. */
const CANDIDATES_PER_KIND = 24;
/** Best-rated products read per name word when the target's kinds hold too few. */
const CANDIDATES_PER_NAME_WORD = 12;
/** Of those, the ones sharing the most name words are compared with the target. */
const NAME_CANDIDATES = 24;

/**
 * Up to six products of the same kind as `productId` that are strictly better: rated better, with
 * nothing known against their nutrition (see alternativeCandidate), or rated as well when something
 * is known against the target's; any rated product for an unrated target, never an unrated one.
 * None when nothing is better (a Green product with good nutrition has no better alternative). Undefined when the product is unknown, or someone else's
 * personal scan for `viewer`.
 *
 * Same kind: a product whose kind (most specific category, see kindOf) is the target's kind or,
 * while fewer than six are found, one of the target's broader categories, closest first, never
 * OFF's root (the first, most general category, e.g. "beverages") unless it is the target's kind.
 * Besides these, while fewer than six are found, products without categories (most community
 * scans; for a target without categories, any product) sharing a name word with the target and
 * either half of its name words or half of its ingredient words (English stems, rounded up): of
 * each name word, the 12 best rated sharing it are read, and of those the 24 sharing the most
 * words compared. A personal scan's name is no name: it is matched by half of its ingredient words.
 *
 * Best rated first, then the closest kind (name matches last), then the most similar by name,
 * category and ingredient words. Each kind is read through product_cards_kind and each name word
 * through product_name_words, best rated first, so the work does not grow with the catalogue;
 * a personal scan's ingredient words through the similarity index of rated products.
 */
export async function similarProducts(
  db: Kysely<Database>,
  productId: number,
  viewer: string | undefined,
): Promise<SimilarProduct[] | undefined> {
  const candidate = alternativeCandidate('p');
  const similarityWord = isSimilarityWord(sql.ref('lexeme'));
  const query = sql<{ target: number } & { [K in keyof SimilarProduct]: SimilarProduct[K] | null }>`
    with target as materialized (
      select *,
        to_tsquery('simple', nullif(array_to_string(array(
          select quote_literal(word) || ':D' from unnest(ingredient_words) word
        ), ' | '), '')) as ingredient_query,
        to_tsquery('simple', nullif(array_to_string(array(
          select quote_literal(lexeme) from unnest(similarity_vector) where ${similarityWord}
        ), ' | '), '')) as any_word
      from (
        select id, similarity_vector,
          -- Strictly better: rated better, or as well when something is known against its nutrition
          -- (a candidate never has anything: see alternativeCandidate); any rating beats none.
          case when rating_rank = 0 then 1
            when nutrition_warnings <> '[]'::jsonb then rating_rank
            else rating_rank + 1 end as least_rank,
          string_to_array(nullif(categories, ''), ', ') as categories,
          case when personal then '{}' else array(
            select lexeme from unnest(to_tsvector('english', public.labelwise_search_key(name)))
            where ${similarityWord}
          ) end as name_words,
          array(
            select lexeme from unnest(similarity_vector)
            where 'D' = any(weights) and ${similarityWord}
          ) as ingredient_words
        from product_cards p where p.id = ${productId} and not p.removed and ${visibleTo(viewer)}
      ) card
    ),
    kinds as (
      select c.category, cardinality(t.categories) - c.position as distance
      from target t, unnest(t.categories) with ordinality as c(category, position)
      where c.position > 1 or cardinality(t.categories) = 1
    ),
    of_kind as (
      select found.id, k.distance
      from kinds k, target t, lateral (
        select p.id from product_cards p
        where ${kindOf(sql.ref('p.categories'))} = k.category and ${candidate}
          and p.rating_rank >= t.least_rank and p.id <> t.id
        order by p.rating_rank desc, p.id desc
        limit ${CANDIDATES_PER_KIND}
      ) found
    ),
    closest_kinds as (
      select id, distance from (
        select id, distance,
          count(*) over (order by distance range between unbounded preceding and 1 preceding) as closer
        from of_kind
      ) counted
      where closer < ${ALTERNATIVES_LIMIT}
    ),
    by_name as (
      select p.id, p.similarity_vector
      from (
        select found.id
        from target t, unnest(t.name_words) as name_word(value),
          unnest(case when t.categories is null then '{f,t}'::boolean[] else '{f}' end) as categorised(value),
          lateral (
            select w.product_id as id from product_name_words w
            where w.word = name_word.value and w.categorised = categorised.value
              and w.rating_rank >= t.least_rank and w.product_id <> t.id
            order by w.rating_rank desc, w.product_id desc
            limit ${CANDIDATES_PER_NAME_WORD}
          ) found
        where (select count(*) from closest_kinds) < ${ALTERNATIVES_LIMIT}
        group by found.id
        order by count(*) desc, found.id desc
        limit ${NAME_CANDIDATES}
      ) named
      join product_cards p using (id)
      union all
      select p.id, p.similarity_vector
      from product_cards p, target t
      where cardinality(t.name_words) = 0
        and (select count(*) from closest_kinds) < ${ALTERNATIVES_LIMIT}
        and p.similarity_vector @@ t.ingredient_query
        and ${candidate} and p.rating_rank >= t.least_rank and p.id <> t.id
        and (t.categories is null or p.categories = '')
      limit ${NAME_CANDIDATES}
    ),
    candidates as (
      select id, distance from closest_kinds
      union all
      select by_name.id, 1000 as distance
      from by_name, target t, lateral (
        select
          count(*) filter (where 'A' = any(u.weights) and u.lexeme = any(t.name_words)) as names,
          count(*) filter (where 'D' = any(u.weights) and u.lexeme = any(t.ingredient_words)) as ingredients
        from unnest(by_name.similarity_vector) u
      ) shared
      where (cardinality(t.name_words) > 0 and 2 * shared.names >= cardinality(t.name_words))
        or (shared.ingredients > 0 and 2 * shared.ingredients >= cardinality(t.ingredient_words))
    ),
    best as (
      select p.id, p.rating_rank, c.distance, ts_rank(p.similarity_vector, t.any_word) as score
      from candidates c join product_cards p using (id), target t
      order by p.rating_rank desc, c.distance, score desc, p.id desc
      limit ${ALTERNATIVES_LIMIT}
    )
    select target.id as target, ${cardSelection}
    from target
    left join best on true
    left join product_cards p on p.id = best.id
    ${cardImageJoin}
    order by best.rating_rank desc, best.distance, best.score desc, best.id desc
  `;
  const rows = await executeWithGenericPlan(db, query.compile(db));
  if (rows.length === 0) return undefined;
  return rows
    .filter((row): row is typeof row & SimilarProduct => row.id !== null)
    .map(({ target: _, ...card }) => card);
}
