import { sql, type RawBuilder } from 'kysely';

/**
 * A product's kind: its most specific category (OFF lists categories from general to specific;
 * `product_cards.categories` joins them with ', '), null without categories. Cards show it as
 * their category and `product_cards_kind` indexes it: a query finding products by kind must use
 * this same expression for PostgreSQL to use the index.
 */
export function kindOf(categories: RawBuilder<string>): RawBuilder<string | null> {
  return sql<string | null>`nullif(regexp_replace(${categories}, '^.*, ', ''), '')`;
}

/**
 * Whether a card may be an alternative (listed, rated, nobody's personal scan): the predicate of
 * the alternatives' partial indexes (`table` unset), which queries repeat (for their alias) to use
 * them.
 */
export function alternativeCandidate(table?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<boolean>`not ${column('removed')} and not ${column('personal')} and ${column('rating_rank')} > 0`;
}
