import { sql, type Kysely } from 'kysely';
import { unnestTypes } from '../engine/columns';
import { unnestRows } from '../engine/unnest-rows';
import type { Database } from '../schema/database';
import { derivedCardColumns, productCardColumns, type ProductCardRow } from './tables';

const cardTypes = unnestTypes(productCardColumns);

/**
 * Inserts or rewrites cards with their search columns (see ProductCardsTable). They are
 * computed here rather than as generated columns, which evaluate every normalisation and
 * tokenisation separately through a function call each: normalising each text once (the
 * `offset 0` keeps PostgreSQL from copying the shared expressions back into each use) costs
 * a fifth less per card (the insert; about a sixth with the vocabulary), with identical values.
 * The normal form of `name || ' ' || categories` is that of each joined by a space (lower-casing
 * and unaccenting go character by character, then blanks collapse), so it is not normalised again.
 */
export async function upsertCards(db: Kysely<Database>, cards: ProductCardRow[]): Promise<void> {
  const rows = unnestRows(cards, cardTypes);
  const columns = [
    ...rows.columns,
    ...(Object.keys(derivedCardColumns) as (keyof typeof derivedCardColumns)[]),
  ];
  await db
    .insertInto('product_cards')
    .columns(columns)
    .expression(
      sql`select card.*, normal.name, named.vector,
            named.vector || setweight(to_tsvector('simple', normal.categories), 'C')
                         || setweight(to_tsvector('simple', normal.ingredients), 'D'),
            setweight(to_tsvector('english', btrim(normal.name || ' ' || normal.categories)), 'A')
              || setweight(to_tsvector('english', normal.ingredients), 'D')
          from (${rows.select}) as card(${sql.join(rows.columns.map((column) => sql.id(column)))})
          cross join lateral (
            select public.labelwise_search_key(card.name) as name, public.labelwise_search_key(card.brand) as brand,
                   public.labelwise_search_key(card.categories) as categories,
                   public.labelwise_search_key(card.ingredients) as ingredients
            offset 0) normal
          cross join lateral (
            select setweight(to_tsvector('simple', normal.name), 'A') || setweight(to_tsvector('simple', normal.brand), 'B') as vector
            offset 0) named`,
    )
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) =>
          Object.fromEntries(columns.filter((c) => c !== 'id').map((c) => [c, eb.ref(`excluded.${c}`)])),
        ),
    )
    .execute();
}
