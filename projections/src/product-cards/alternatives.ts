import { sql, type Kysely } from 'kysely';
import type { ProductCardResponse } from '@labelwise/domain';
import { executeWithGenericPlan } from '@labelwise/runtime';
import type { Database } from '../schema/database';
import { cardColumns, cardImageJoin, cardSelection, catalogueCards, visibleTo } from './card-columns';
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

/** Best-rated products read per category, and per kind of food a name says. */
const CANDIDATES_PER_KIND = 24;
/** How many of a product's categories, most specific first, name its kind. */
const KIND_DEPTH = 3;
/** Candidates read for a product that names no kind, matched by ingredients. */
const INGREDIENT_CANDIDATES = 50;

/**
 * Up to six products of the same kind as `productId` that are strictly better: rated better (any
 * rated product for an unrated one) and no worse in any nutrition rank both are known by (see
 * nutritionLevels). None when nothing is: a Green product never has a better alternative.
 * Undefined when the product is unknown, or someone else's personal scan for `viewer`.
 *
 * Same kind, closest first: a product whose kind (most specific category, see kindOf) is one of
 * the target's three most specific categories, never OFF's root (the first, most general, e.g.
 * "beverages") unless it is its only one; then a product whose name or most specific category
 * says the same kind of food as the target's name or kind (see headNoun: "spread", "crisp",
 * "peanut butter"). A personal scan names nothing: it is matched by half of its ingredient words.
 *
 * Closest kind first, then best rated, then most improved nutrition where both are known (unknown
 * nutrition is no improvement), then the most similar by name, category and ingredient words.
 * Each kind is read through product_cards_kind and each noun through product_cards_head_noun and
 * product_cards_kind_noun, best rated first and at most 24 each, so the work does not grow with
 * the catalogue; a personal scan's ingredient words through the similarity index of rated products.
 */
export async function similarProducts(
  db: Kysely<Database>,
  productId: number,
  viewer: string | undefined,
): Promise<SimilarProduct[] | undefined> {
  const similarityWord = sql<boolean>`lexeme ~ '^[[:alpha:]]{3,}$'`;
  // Better rated, and no worse in any nutrition rank both products are known by.
  const better = sql<boolean>`${alternativeCandidate('p')} and p.rating_rank >= t.least_rank and p.id <> t.id
    and not exists (
      select from jsonb_each(p.nutrition_levels) c join jsonb_each(t.levels) o using (key)
      where c.value::int > o.value::int)`;
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
        select id, similarity_vector, rating_rank + 1 as least_rank, nutrition_levels as levels,
          string_to_array(nullif(categories, ''), ', ') as categories,
          array(select distinct noun from unnest(array[head_noun, kind_noun]) noun where noun <> '') as nouns,
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
      where cardinality(t.categories) - c.position < ${sql.lit(KIND_DEPTH)}
        and (c.position > 1 or cardinality(t.categories) = 1)
    ),
    of_kind as (
      select found.id, k.distance
      from kinds k, target t, lateral (
        select p.id from product_cards p
        where ${kindOf(sql.ref('p.categories'))} = k.category and ${better}
        order by p.rating_rank desc, p.id desc
        limit ${CANDIDATES_PER_KIND}
      ) found
    ),
    of_noun as (
      select found.id, ${sql.lit(KIND_DEPTH)}::bigint as distance
      from target t, unnest(t.nouns) as noun(value), lateral (
        (select p.id from product_cards p
          where p.head_noun = noun.value and p.head_noun <> '' and ${better}
          order by p.rating_rank desc, p.id desc
          limit ${CANDIDATES_PER_KIND})
        union all
        (select p.id from product_cards p
          where p.kind_noun = noun.value and p.kind_noun <> '' and ${better}
          order by p.rating_rank desc, p.id desc
          limit ${CANDIDATES_PER_KIND})
      ) found
    ),
    of_ingredients as (
      select found.id, ${sql.lit(KIND_DEPTH + 1)}::bigint as distance
      from target t, lateral (
        select p.id, p.similarity_vector from product_cards p
        where t.categories is null and cardinality(t.nouns) = 0
          and p.similarity_vector @@ t.ingredient_query and ${better}
        limit ${INGREDIENT_CANDIDATES}
      ) found, lateral (
        select count(*) as shared from unnest(found.similarity_vector) u
        where 'D' = any(u.weights) and u.lexeme = any(t.ingredient_words)
      ) words
      where 2 * words.shared >= cardinality(t.ingredient_words)
    ),
    candidates as (
      select id, min(distance) as distance
      from (select * from of_kind union all select * from of_noun union all select * from of_ingredients) found
      group by id
    ),
    best as (
      select p.id, p.rating_rank, c.distance,
        (select coalesce(sum(o.value::int - n.value::int), 0)
          from jsonb_each(p.nutrition_levels) n join jsonb_each(t.levels) o using (key)) as improvement,
        ts_rank(p.similarity_vector, t.any_word) as score
      from candidates c join product_cards p using (id), target t
      order by c.distance, p.rating_rank desc, improvement desc, score desc, p.id desc
      limit ${ALTERNATIVES_LIMIT}
    )
    select target.id as target, ${cardSelection}
    from target
    left join best on true
    left join product_cards p on p.id = best.id
    ${cardImageJoin}
    order by best.distance, best.rating_rank desc, best.improvement desc, best.score desc, best.id desc
  `;
  const rows = await executeWithGenericPlan(db, query.compile(db));
  if (rows.length === 0) return undefined;
  return rows
    .filter((row): row is typeof row & SimilarProduct => row.id !== null)
    .map(({ target: _, ...card }) => card);
}
