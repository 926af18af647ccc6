import { z } from 'zod';
import { productId } from './metadata';
import { analysisSummarySchema, ratingSchema } from './product-events';

/**
 * Products imported from Open Food Facts (OFF). The data is © Open Food Facts contributors,
 * available under the Open Database License (ODbL 1.0): whatever shows it must say so and link
 * to the product's OFF page (`offUrl`).
 */
export const OFF_ATTRIBUTION = {
  text: 'Data from Open Food Facts (ODbL)',
  source: 'https://world.openfoodfacts.org',
  license: 'https://opendatacommons.org/licenses/odbl/1-0/',
} as const;

/** Why an imported product carries no rating of ours: shown as 'Unrated' with this reason. */
export const unratedReasonSchema = z.enum(['ingredients not in English', 'no ingredients']);
export type UnratedReason = z.infer<typeof unratedReasonSchema>;

const webUrl = z.url({ protocol: /^https?$/ });

/**
 * OFF's own reading of an ingredient list not in English: the list as printed (in `language`,
 * when OFF says which) and the language-independent tags OFF's parser gave it
 * (`ingredients_tags`: `en:wheat-flour`, `fr:…` for words it did not know; `additives_tags`:
 * `en:e322`). Our verdict on such a product is read from the tags.
 */
export const offIngredientsSchema = z.object({
  text: z.string(),
  language: z.string().nullable(),
  ingredientTags: z.array(z.string()),
  additiveTags: z.array(z.string()),
});
export type OffIngredients = z.infer<typeof offIngredientsSchema>;
const per100g = z.number().finite().nonnegative().nullable();

/** OFF's nutrition facts per 100 g (or 100 ml); null where OFF has no value. */
export const offNutritionSchema = z.object({
  energyKcal: per100g,
  fat: per100g,
  saturatedFat: per100g,
  sugars: per100g,
  salt: per100g,
  fiber: per100g,
  proteins: per100g,
});
export type OffNutrition = z.infer<typeof offNutritionSchema>;

/** What one OFF product record says, as the importer keeps it (both export formats map to this). */
export const offProductSourceSchema = z.object({
  /** The barcode exactly as the export prints it (leading zeros kept). */
  code: z.string().min(1),
  /** `code` and its EAN-13 / UPC-A / EAN-8 equivalents: a lookup by any of them finds the product. */
  barcodeKeys: z.array(z.string().min(1)).min(1),
  name: z.string().min(1),
  brand: z.string().nullable(),
  /** OFF's raw English ingredient list (HTML, entities and `_allergens_` kept); null when unrated. */
  ingredientsText: z.string().nullable(),
  unratedReason: unratedReasonSchema.nullable(),
  /** OFF's reading of a list not in English (absent in events recorded before it was kept). */
  offIngredients: offIngredientsSchema.nullable().optional(),
  novaGroup: z.number().int().min(1).max(4).nullable(),
  nutriScoreGrade: z.enum(['a', 'b', 'c', 'd', 'e']).nullable(),
  nutrition: offNutritionSchema,
  quantity: z.string().nullable(),
  /** English category words from OFF's `en:` category tags, e.g. 'breakfast cereals'. */
  categories: z.array(z.string()),
  imageUrl: webUrl.nullable(),
  /** OFF's `last_modified_t` (Unix seconds): with `code`, what makes a re-import idempotent. */
  lastModifiedT: z.number().int().nonnegative(),
  offUrl: webUrl,
  /** How the record reached us: a row of OFF's CSV or JSONL export (or a delta), or OFF's read API (`live`). */
  sourceFormat: z.enum(['csv', 'jsonl', 'live']),
});
export type OffProductSource = z.infer<typeof offProductSourceSchema>;

/**
 * One imported product's payload: OFF's fields plus our analyser's verdict on the English
 * ingredients (null with `unratedReason` set when there is nothing English to analyse).
 */
export const importedProductSchema = offProductSourceSchema.extend({
  productId,
  rating: ratingSchema.nullable(),
  analysis: analysisSummarySchema.nullable(),
});
export type ImportedProduct = z.infer<typeof importedProductSchema>;

export const importEvents = {
  /** A product first seen in an OFF export. */
  ProductImported: importedProductSchema,
  /**
   * A later export (or delta file) has a newer `lastModifiedT` for an imported product: the full
   * new source snapshot. Fields a moderator corrected stay corrected in the read model.
   */
  ProductUpdatedFromSource: importedProductSchema,
} as const;
