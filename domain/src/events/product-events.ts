import { z } from 'zod';
import { productId } from './metadata';
import { RATINGS } from './ratings';

export const ratingSchema = z.enum(RATINGS);

/** What the server's analyser concluded, stored with the product so reads need no recomputation. */
export const analysisSummarySchema = z.object({
  rating: ratingSchema,
  processingLevel: z.enum(['minimal', 'moderate', 'high']),
  additiveCount: z.number().int().min(0),
  isProcessed: z.boolean(),
  isUltraProcessed: z.boolean(),
  concerns: z.array(
    z.object({
      name: z.string(),
      severity: z.enum(['low', 'medium', 'high']),
      /** Why, in plain words, with what to look for instead (absent in events stored before it existed). */
      reason: z.string().optional(),
      /** Link to the source (EFSA opinion), when there is one. */
      source: z.string().optional(),
    }),
  ),
  /** The NOVA rule that set the processing level (absent in events stored before it existed). */
  processingReason: z.string().optional(),
  /**
   * Where the verdict was read from when the product has no English list: Open Food Facts'
   * ingredient analysis of the list as printed (`ingredientsText`, in `language`), which gave the
   * English list analysed (`ingredients`, OFF's names for the ingredients it recognised).
   */
  readFrom: z
    .object({
      source: z.literal('off-ingredient-analysis'),
      ingredientsText: z.string(),
      language: z.string().nullable(),
      ingredients: z.string(),
    })
    .optional(),
});
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

export const productFieldsSchema = z.object({
  name: z.string(),
  brand: z.string(),
  barcode: z.string(),
  ingredients: z.string(),
  description: z.string(),
  weight: z.string(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

export const productEvents = {
  ProductCreated: productFieldsSchema.extend({
    productId,
    /** Category words from the product's source data (starter products); absent for user scans. */
    categories: z.array(z.string()).optional(),
    rating: ratingSchema,
    analysis: analysisSummarySchema,
    createdBy: z.string().nullable(),
    source: z.enum(['starter', 'user', 'admin']),
    /** The creator's answer to 'Share this label with Open Food Facts' (absent before it was asked). */
    offConsent: z.boolean().optional(),
  }),
  ProductCorrected: z.object({
    productId,
    changes: productFieldsSchema.partial(),
    /** Null when the product was unrated (imported without English ingredients) and stays so. */
    rating: ratingSchema.nullable(),
    analysis: analysisSummarySchema.nullable(),
  }),
  /**
   * A moderator corrected the pack quantity (the product's `weight`). The verdict follows the
   * ingredients, so it stands; like any correction, a later import never overwrites it.
   */
  ProductQuantityCorrected: z.object({ productId, quantity: z.string() }),
  /**
   * A moderator corrected the spelling of the product's brand ('CADBURY' to 'Cadbury'), one of
   * every listed product carrying that spelling. The verdict follows the ingredients, so it stands;
   * like any correction, a later import never overwrites it.
   */
  ProductBrandCorrected: z.object({ productId, brand: z.string() }),
  /**
   * A user gave the English ingredient list an unrated product (imported without one) lacked,
   * rated by the server's analyser. `offConsent`: whether they agreed to share it with Open Food Facts.
   */
  ProductLabelContributed: z.object({
    productId,
    ingredients: z.string(),
    rating: ratingSchema,
    analysis: analysisSummarySchema,
    contributedBy: z.string(),
    offConsent: z.boolean(),
  }),
  ProductRemoved: z.object({ productId, reason: z.string() }),
  /**
   * The analyser, changed since the product's verdict was recorded, rates its current ingredients
   * differently (or explains them more fully). Only ever for a rated product.
   */
  ProductReassessed: z.object({ productId, rating: ratingSchema, analysis: analysisSummarySchema }),
} as const;

/** `barcode-{code}` streams make real barcodes unique. */
export const barcodeEvents = {
  BarcodeClaimed: z.object({ barcode: z.string(), productId }),
} as const;

/**
 * `label-{key}` streams make a named product without a barcode unique: the key is a hash of its
 * name, brand and ingredients in normal form.
 */
export const labelEvents = {
  ProductLabelClaimed: z.object({ labelKey: z.string(), productId }),
} as const;
