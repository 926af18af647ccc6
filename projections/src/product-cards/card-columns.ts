import { sql, type Kysely } from 'kysely';
import { personalScanTitle, type Rating, type NutritionWarning } from '@labelwise/domain';
import type { Database } from '../schema/database';
import { kindOf } from './product-kind';

/**
 * The product card's columns, named as the response names them, read from
 * `product_cards as p` left-joined with `product_off_sources as o` (the photo of imported
 * products; the join probes the primary key of the few cards a response holds). The category is
 * the product's kind, its most specific one: the general ones ("plant based foods and
 * beverages") say nothing about what a tile should draw.
 */
export const cardColumns = [
  sql.ref<number>('p.id').as('id'),
  sql.ref<string>('p.name').as('name'),
  sql.ref<string>('p.brand').as('brand'),
  sql.ref<Rating | null>('p.rating').as('rating'),
  sql.ref<string | null>('o.image_url').as('imageUrl'),
  kindOf(sql.ref<string>('p.categories')).as('category'),
  sql.ref<NutritionWarning[]>('p.nutrition_warnings').as('nutritionWarnings'),
  sql.ref<string[]>('p.dietary_flags').as('dietaryFlags'),
] as const;

/**
 * A personal scan's ingredient list, null for any other product: only a personal scan's list is
 * read with a card, as what names it (`namedByIngredients`).
 */
export const personalIngredients = sql<string | null>`case when p.personal then p.ingredients end`.as(
  'personalIngredients',
);

/** The row without its `personalIngredients`, a personal scan named by the start of its list, as its owner's history names it. */
export function namedByIngredients<Row extends { name: string | null; personalIngredients: string | null }>({
  personalIngredients,
  ...row
}: Row): Omit<Row, 'personalIngredients'> {
  return personalIngredients === null ? row : { ...row, name: personalScanTitle(personalIngredients) };
}

/** Listed products with what their cards need: select `cardColumns` (and more) from it. */
export function productCards(db: Kysely<Database>) {
  return db
    .selectFrom('product_cards as p')
    .leftJoin('product_off_sources as o', 'o.product_id', 'p.id')
    .where('p.removed', '=', false);
}

/**
 * Listed products in the community catalogue, without anyone's personal scans: every community
 * list, search and alternative reads these.
 */
export function catalogueCards(db: Kysely<Database>) {
  return productCards(db).where('p.personal', '=', false);
}

/** A condition on `product_cards as p`: the catalogue, and the personal scans of `viewer`. */
export function visibleTo(viewer: string | undefined) {
  return sql<boolean>`(not p.personal or p.created_by = ${viewer ?? null})`;
}

/** For raw statements: `select ${cardSelection} from product_cards p ${cardImageJoin}`. */
export const cardSelection = sql.join(cardColumns);
export const cardImageJoin = sql`left join product_off_sources o on o.product_id = p.id`;
