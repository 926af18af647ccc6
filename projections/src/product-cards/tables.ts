import type { ColumnType } from 'kysely';
import type { AnalysisSummary, Rating } from '@labelwise/domain';

/** One row per product ever created; removed products stay with `removed = true`. */
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
  rating: Rating;
  /** Spec §9 sort order: green 3, amber 2, red 1. */
  rating_rank: number;
  analysis: ColumnType<AnalysisSummary, string, string>;
  source: 'starter' | 'user' | 'admin';
  created_by: string | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
  removed: boolean;
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

/**
 * The words of listed products (search_vector lexemes of three or more characters starting with
 * a letter), trigram-indexed: the vocabulary that corrects typos. `products` counts the listed
 * products holding the word, so similar products can prefer distinctive words.
 */
export interface ProductSearchWordsTable {
  word: string;
  products: number;
}

export interface ProductCardTables {
  product_cards: ProductCardsTable;
  product_search_words: ProductSearchWordsTable;
}
