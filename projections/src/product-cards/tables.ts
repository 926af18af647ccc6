import type { Insertable } from 'kysely';
import type {
  AnalysisSummary,
  NutritionLevels,
  OffNutrition,
  OffProductSource,
  Rating,
  UnratedReason,
  NutritionWarning,
  ProductField,
} from '@labelwise/domain';
import {
  bool,
  int4,
  int8,
  jsonb,
  readTable,
  text,
  timestamptz,
  tsvector,
  type RowOf,
  type TablesOf,
} from '../engine/columns';

/** A card's own columns, as the handler writes them. */
export const productCardColumns = {
  id: int4().primaryKey(),
  name: text(),
  brand: text(),
  barcode: text(),
  ingredients: text(),
  description: text(),
  weight: text(),
  /** Category words joined with ', ' ('' when unknown). */
  categories: text(),
  /** Null for an imported product without English ingredients: shown as 'Unrated'. */
  rating: text<Rating>().nullable(),
  /** Rating sort order: green 3, amber 2, red 1; unrated 0. */
  rating_rank: int4().storedAs('smallint'),
  analysis: jsonb<AnalysisSummary>().nullable(),
  /**
   * What keeps it from being a clean choice on its nutrition (high sugar, …; see nutritionVerdict),
   * from its Open Food Facts record: never a clean or better alternative while any. JSON array.
   */
  nutrition_warnings: jsonb<NutritionWarning[]>(),
  /**
   * What is known of its nutrition, as ranks (see nutritionLevels; JSON object): a better
   * alternative is no worse in any that both products have.
   */
  nutrition_levels: jsonb<NutritionLevels>(),
  /** The dietary preferences its ingredients alert (see dietaryFlags; JSON array): tiles mark a user's. */
  dietary_flags: jsonb<string[]>(),
  /** The kind of food its name says it is (see headNoun; '' when none): similar products and search. */
  head_noun: text(),
  /** The kind of food its most specific category says it is (the category's head noun; '' without). */
  kind_noun: text(),
  /** Why the product is unrated (null when it has a rating). */
  unrated_reason: text<UnratedReason>().nullable(),
  /** Where the product came from: 'off' for an Open Food Facts import. */
  source: text<'starter' | 'user' | 'admin' | 'off'>(),
  /** The fields a moderator corrected (JSON array): a later import never overwrites them. */
  corrected_fields: jsonb<ProductField[]>(),
  created_by: text().nullable(),
  created_at: timestamptz(),
  removed: bool(),
  /** A user's scan without a real name: only its creator sees it (history, product page). */
  personal: bool(),
  /** Its ingredients are an English label a user gave: later exports leave them as they are. */
  user_label: bool(),
};

/** The search columns, derived from a card's own columns when it is written (see upsertCards). */
export const derivedCardColumns = {
  /** Lower-case, unaccented, whitespace-collapsed name: exact-name matches in search. */
  name_key: text(),
  /** Name (weight A) and brand (B), unaccented, 'simple' configuration: name matches in search. */
  name_vector: tsvector(),
  /** Name (A), brand (B), categories (C) and ingredients (D): search and similar products. */
  search_vector: tsvector(),
  /** Name and categories (A) and ingredients (D), English stems: similar products. */
  similarity_vector: tsvector(),
};

/**
 * One row per product ever created; removed products stay with `removed = true`. The catalogue
 * (lists, search, alternatives, barcode lookups) is the cards neither removed nor personal.
 */
export const productCardsTable = readTable('product_cards', { ...productCardColumns, ...derivedCardColumns });

export type ProductCardsTable = RowOf<typeof productCardsTable.columns>;
export type ProductCardRow = Insertable<RowOf<typeof productCardColumns>>;

/**
 * The words of listed products (search_vector lexemes of three or more characters starting with
 * a letter), trigram-indexed: the vocabulary that corrects typos. `products` counts the listed
 * products holding the word, so similar products can prefer distinctive words.
 */
export const productSearchWordsTable = readTable('product_search_words', {
  word: text().primaryKey(),
  products: int4(),
});

/**
 * What the latest Open Food Facts record of a product says (imported products, and products
 * whose barcode a later import matched), for the product page's OFF block and the console.
 */
export const offSourceColumns = {
  product_id: int4().primaryKey(),
  code: text(),
  /** `code` and its EAN-13 / UPC-A / EAN-8 forms (JSON array). */
  barcode_keys: jsonb<string[]>(),
  nutri_score_grade: text<NonNullable<OffProductSource['nutriScoreGrade']>>().nullable(),
  nova_group: int4().storedAs('smallint').nullable(),
  nutrition: jsonb<OffNutrition>(),
  quantity: text().nullable(),
  /** OFF's category words (JSON array). */
  categories: jsonb<string[]>(),
  image_url: text().nullable(),
  off_url: text(),
  /** OFF's `last_modified_t` (Unix seconds). */
  last_modified_t: int8<number | string>(),
  source_format: text<OffProductSource['sourceFormat']>(),
};

export const productOffSourcesTable = readTable('product_off_sources', offSourceColumns);

export type ProductOffSourcesTable = RowOf<typeof offSourceColumns>;
export type OffSourceRow = Insertable<ProductOffSourcesTable>;

/**
 * Every barcode a listed product is found by: its own, and for imported products OFF's code with
 * its EAN-13 / UPC-A / EAN-8 equivalents (a barcode may lead to more than one product). The primary
 * key is the lookup: GET /api/products/barcode/{code} probes each form of the code.
 */
export const productBarcodeKeysTable = readTable(
  'product_barcode_keys',
  { key: text(), product_id: int4() },
  { primaryKey: ['key', 'product_id'] },
);

export type ProductCardTables = TablesOf<
  | typeof productCardsTable
  | typeof productSearchWordsTable
  | typeof productOffSourcesTable
  | typeof productBarcodeKeysTable
>;
