import type { ColumnType, GeneratedAlways } from 'kysely';
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
  /** Lower-case, unaccented, whitespace-collapsed name: exact-name matches in search. */
  name_key: GeneratedAlways<string>;
  /** Name (weight A), brand (B) and ingredients (C), unaccented, 'simple' configuration. */
  search_vector: GeneratedAlways<string>;
  /** Name and categories (A) and ingredients (D), English stems: similar products. */
  similarity_vector: GeneratedAlways<string>;
}

/** Every searchable word seen in a product, trigram-indexed: the vocabulary that corrects typos. */
export interface ProductSearchWordsTable {
  word: string;
}

export interface ProductCardTables {
  product_cards: ProductCardsTable;
  product_search_words: ProductSearchWordsTable;
}
