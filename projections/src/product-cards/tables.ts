import type { ColumnType, Insertable } from 'kysely';
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
import type { Columns } from '../engine/columns';

/**
 * One row per product ever created; removed products stay with `removed = true`. The catalogue
 * (lists, search, alternatives, barcode lookups) is the cards neither removed nor personal.
 */
export interface ProductCardsTable {
  id: number;
  name: string;
  brand: string;
  barcode: string;
  ingredients: string;
  description: string;
  weight: string;
  /** Category words joined with ', ' ('' when unknown). */
  categories: string;
  /** Null for an imported product without English ingredients: shown as 'Unrated'. */
  rating: Rating | null;
  /** Rating sort order: green 3, amber 2, red 1; unrated 0. */
  rating_rank: number;
  analysis: ColumnType<AnalysisSummary | null, string | null, string | null>;
  /**
   * What keeps it from being a clean choice on its nutrition (high sugar, …; see nutritionVerdict),
   * from its Open Food Facts record: never a clean or better alternative while any. JSON array.
   */
  nutrition_warnings: ColumnType<NutritionWarning[], string, string>;
  /**
   * What is known of its nutrition, as ranks (see nutritionLevels; JSON object): a better
   * alternative is no worse in any that both products have.
   */
  nutrition_levels: ColumnType<NutritionLevels, string, string>;
  /** The dietary preferences its ingredients alert (see dietaryFlags; JSON array): tiles mark a user's. */
  dietary_flags: ColumnType<string[], string, string>;
  /** The kind of food its name says it is (see headNoun; '' when none): similar products and search. */
  head_noun: string;
  /** The kind of food its most specific category says it is (the category's head noun; '' without). */
  kind_noun: string;
  /** Why the product is unrated (null when it has a rating). */
  unrated_reason: UnratedReason | null;
  /** Where the product came from: 'off' for an Open Food Facts import. */
  source: 'starter' | 'user' | 'admin' | 'off';
  /** The fields a moderator corrected (JSON array): a later import never overwrites them. */
  corrected_fields: ColumnType<ProductField[], string, string>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
  removed: boolean;
  /** A user's scan without a real name: only its creator sees it (history, product page). */
  personal: boolean;
  /** Its ingredients are an English label a user gave: later exports leave them as they are. */
  user_label: boolean;
  // The search columns below are derived from the ones above by upsertCards.
  /** Lower-case, unaccented, whitespace-collapsed name: exact-name matches in search. */
  name_key: string;
  /** Name (weight A) and brand (B), unaccented, 'simple' configuration: name matches in search. */
  name_vector: string;
  /** Name and categories (A) and ingredients (D), English stems: similar products. */
  similarity_vector: string;
  /** Name (A), brand (B), categories (C) and ingredients (D): search and similar products. */
  search_vector: string;
}

/** The search columns and their types, derived from a card's own columns when it is written (see upsertCards). */
export const derivedCardColumns = {
  name_key: 'text',
  name_vector: 'tsvector',
  search_vector: 'tsvector',
  similarity_vector: 'tsvector',
} as const;

/** A card's own columns, as the handler writes them. */
export type ProductCardRow = Omit<Insertable<ProductCardsTable>, keyof typeof derivedCardColumns>;

export const productCardColumns = {
  id: { type: 'int4', primaryKey: true },
  name: { type: 'text' },
  brand: { type: 'text' },
  barcode: { type: 'text' },
  ingredients: { type: 'text' },
  description: { type: 'text' },
  weight: { type: 'text' },
  categories: { type: 'text' },
  rating: { type: 'text', nullable: true },
  rating_rank: { type: 'int4', storedAs: 'smallint' },
  analysis: { type: 'jsonb', nullable: true },
  nutrition_warnings: { type: 'jsonb' },
  nutrition_levels: { type: 'jsonb' },
  dietary_flags: { type: 'jsonb' },
  head_noun: { type: 'text' },
  kind_noun: { type: 'text' },
  unrated_reason: { type: 'text', nullable: true },
  source: { type: 'text' },
  corrected_fields: { type: 'jsonb' },
  created_by: { type: 'text', nullable: true },
  created_at: { type: 'timestamptz' },
  removed: { type: 'bool' },
  personal: { type: 'bool' },
  user_label: { type: 'bool' },
} as const satisfies Columns<ProductCardRow>;

/**
 * The words of listed products (search_vector lexemes of three or more characters starting with
 * a letter), trigram-indexed: the vocabulary that corrects typos. `products` counts the listed
 * products holding the word, so similar products can prefer distinctive words.
 */
export interface ProductSearchWordsTable {
  word: string;
  products: number;
}

/**
 * What the latest Open Food Facts record of a product says (imported products, and products
 * whose barcode a later import matched), for the product page's OFF block and the console.
 */
export interface ProductOffSourcesTable {
  product_id: number;
  code: string;
  /** `code` and its EAN-13 / UPC-A / EAN-8 forms (JSON array). */
  barcode_keys: ColumnType<string[], string, string>;
  nutri_score_grade: OffProductSource['nutriScoreGrade'];
  nova_group: number | null;
  nutrition: ColumnType<OffNutrition, string, string>;
  quantity: string | null;
  /** OFF's category words (JSON array). */
  categories: ColumnType<string[], string, string>;
  image_url: string | null;
  off_url: string;
  /** OFF's `last_modified_t` (Unix seconds). */
  last_modified_t: ColumnType<string, number | string, number | string>;
  source_format: OffProductSource['sourceFormat'];
}

export type OffSourceRow = Insertable<ProductOffSourcesTable>;

export const offSourceColumns = {
  product_id: { type: 'int4', primaryKey: true },
  code: { type: 'text' },
  barcode_keys: { type: 'jsonb' },
  nutri_score_grade: { type: 'text', nullable: true },
  nova_group: { type: 'int4', storedAs: 'smallint', nullable: true },
  nutrition: { type: 'jsonb' },
  quantity: { type: 'text', nullable: true },
  categories: { type: 'jsonb' },
  image_url: { type: 'text', nullable: true },
  off_url: { type: 'text' },
  last_modified_t: { type: 'int8' },
  source_format: { type: 'text' },
} as const satisfies Columns<OffSourceRow>;

/**
 * Every barcode a listed product is found by: its own, and for imported products OFF's code with
 * its EAN-13 / UPC-A / EAN-8 equivalents (a barcode may lead to more than one product).
 */
export interface ProductBarcodeKeysTable {
  key: string;
  product_id: number;
}

export interface ProductCardTables {
  product_cards: ProductCardsTable;
  product_search_words: ProductSearchWordsTable;
  product_off_sources: ProductOffSourcesTable;
  product_barcode_keys: ProductBarcodeKeysTable;
}
