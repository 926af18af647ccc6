import { concernCategorySchema, dietaryKeySchema, severitySchema } from '@labelwise/reference-data';
import { z } from 'zod';
import { ratingSchema } from '../events/product-events';

export const processingLevelSchema = z.enum(['minimal', 'moderate', 'high']);
export type ProcessingLevel = z.infer<typeof processingLevelSchema>;

/** Something in an ingredient list worth flagging, and why. */
export const concernSchema = z.object({
  name: z.string(),
  /** Why it is a concern, in plain words, naming its source, and what to look for instead. */
  reason: z.string(),
  /** A link to the source (EFSA's opinion on the additive), when there is one. */
  source: z.string().optional(),
  severity: severitySchema,
  category: concernCategorySchema,
});
export type Concern = z.infer<typeof concernSchema>;

export const dietaryAlertSchema = z.object({
  preference: dietaryKeySchema,
  label: z.string(),
  message: z.string(),
  /** The words of the label that triggered the alert, as written (empty for `organic`). */
  matches: z.array(z.string()),
});
export type DietaryAlert = z.infer<typeof dietaryAlertSchema>;

/** The analysis of an ingredient list; the frontend also uses the schema to re-read cached analyses. */
export const analysisResultSchema = z.object({
  rating: ratingSchema,
  concerns: z.array(concernSchema),
  cleanIngredients: z.array(z.string()),
  additiveCount: z.number().int().min(0),
  processingLevel: processingLevelSchema,
  isProcessed: z.boolean(),
  isUltraProcessed: z.boolean(),
  /** The NOVA rule that set the processing level, in plain words ("Contains maltodextrin and flavouring, markers of ultra-processed food..."). */
  processingReason: z.string(),
  /** Where the processing rules come from (Open Food Facts' NOVA page). */
  processingSource: z.string(),
  dietaryAlerts: z.array(dietaryAlertSchema),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** Optional facts beyond the ingredient text. */
export interface AnalysisContext {
  /** Product category words or OFF tags ("breads", "en:sandwiches"); processed-food categories mean at least moderate. */
  categories?: readonly string[];
}
