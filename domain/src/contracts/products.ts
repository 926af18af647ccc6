import { z } from 'zod/mini';
import { analysisSummarySchema } from '../events/product-events';
import { offNutritionSchema, unratedReasonSchema } from '../events/import-events';
import { ratingSchema } from './rating';
import { FRONT_OF_PACK_NUTRIENTS, NUTRITION_WARNINGS } from '../products/front-of-pack';

export const nutritionWarningSchema = z.enum(NUTRITION_WARNINGS);

const nutriScoreGradeSchema = z.nullable(z.enum(['a', 'b', 'c', 'd', 'e']));

/** How the product's nutrition weighs (see nutritionVerdict): the UK front-of-pack colours. */
export const nutritionVerdictResponse = z.object({
  per: z.enum(['100 g', '100 ml']),
  colours: z.array(
    z.object({
      nutrient: z.enum(FRONT_OF_PACK_NUTRIENTS),
      grams: z.number(),
      level: z.enum(['low', 'medium', 'high']),
    }),
  ),
  nutriScoreGrade: nutriScoreGradeSchema,
  warnings: z.array(nutritionWarningSchema),
});
export type NutritionVerdictResponse = z.infer<typeof nutritionVerdictResponse>;

/**
 * The product API's responses (zod/mini keeps the consumer app's first-load bundle small).
 * The backend builds them typed by these schemas; the browser apps parse with them. Unknown
 * fields are dropped on parse, so a growing backend does not break the UI.
 */

/**
 * What Open Food Facts says about an imported product (null for products only we know), with
 * the attribution the ODbL asks for: `attribution.text` linking to `offUrl`.
 */
export const offBlockResponse = z.object({
  code: z.string(),
  nutriScoreGrade: nutriScoreGradeSchema,
  /** OFF's own NOVA group (1-4), which may differ from our processing level. */
  novaGroup: z.nullable(z.number()),
  /** Per 100 g (or 100 ml); null where OFF has no value. */
  nutrition: offNutritionSchema,
  quantity: z.nullable(z.string()),
  categories: z.array(z.string()),
  imageUrl: z.nullable(z.string()),
  offUrl: z.string(),
  /** OFF's `last_modified_t` (Unix seconds) of the record imported last. */
  lastModifiedT: z.number(),
  attribution: z.object({ text: z.string(), source: z.string(), license: z.string() }),
  /** Its front-of-pack colours and what keeps it from being a clean choice, weighed from the above. */
  frontOfPack: nutritionVerdictResponse,
});
export type OffBlockResponse = z.infer<typeof offBlockResponse>;

/**
 * `GET /api/products/:id`, `GET /api/products/barcode/:code`, `POST /api/products`. An imported
 * product without English ingredients has no rating of ours: `rating` and `analysis` are null and
 * `unratedReason` says why (shown as 'Unrated').
 */
export const productResponse = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  barcode: z.string(),
  ingredients: z.string(),
  description: z.string(),
  weight: z.string(),
  rating: z.nullable(ratingSchema),
  analysis: z.nullable(analysisSummarySchema),
  unratedReason: z.nullable(unratedReasonSchema),
  off: z.nullable(offBlockResponse),
  createdAt: z.string(),
});
export type ProductResponse = z.infer<typeof productResponse>;

/** A product card: product lists, search, clean and similar alternatives, a user's favourites. */
export const productCardResponse = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  /** Null for an unrated product ('Unrated'). */
  rating: z.nullable(ratingSchema),
  /** The Open Food Facts front photo (shown with its attribution); null without one. */
  imageUrl: z.nullable(z.string()),
  /** The product's most specific category, which picks the drawing a tile without a photo shows. */
  category: z.nullable(z.string()),
  /** What is high in it ("High sugar", see NUTRITION_WARNING_LABELS), from Open Food Facts' values. */
  nutritionWarnings: z.array(nutritionWarningSchema),
  /** The dietary preferences (noGluten, noNuts, …) its ingredients alert: tiles mark the user's. */
  dietaryFlags: z.array(z.string()),
});
export type ProductCardResponse = z.infer<typeof productCardResponse>;
export const productCardListResponse = z.array(productCardResponse);

/**
 * `GET /api/products/search`: cards, best first; a near match (`nearMatch`) holds only some of the
 * query's words, or holds them apart in its ingredients, and comes after every match.
 */
export const searchHitResponse = z.extend(productCardResponse, { nearMatch: z.boolean() });
export type SearchHitResponse = z.infer<typeof searchHitResponse>;
export const searchHitListResponse = z.array(searchHitResponse);

/** A card with when it was scanned: `GET /api/users/scanned-products`, `GET /api/recently-scanned`. */
export const scannedProductResponse = z.extend(productCardResponse, { scannedAt: z.string() });
export type ScannedProductResponse = z.infer<typeof scannedProductResponse>;
export const scannedProductListResponse = z.array(scannedProductResponse);

/** `GET /api/community/favourites`: green products ranked by recommendations. */
export const communityFavouriteResponse = z.extend(productCardResponse, {
  averageRating: z.nullable(z.number()),
  reviewCount: z.number(),
});
export type CommunityFavouriteResponse = z.infer<typeof communityFavouriteResponse>;
export const communityFavouriteListResponse = z.array(communityFavouriteResponse);

/** A product's mean star rating to one decimal, null without reviews. */
export function averageRating(ratingTotal: number, reviewCount: number): number | null {
  return reviewCount > 0 ? Math.round((ratingTotal / reviewCount) * 10) / 10 : null;
}
