import { z } from 'zod/mini';
import { analysisSummarySchema } from '../events/product-events';
import { ratingSchema } from './rating';

/**
 * Product responses of spec §7 (zod/mini keeps the consumer app's first-load bundle small).
 * The backend builds them typed by these schemas; the browser apps parse with them. Unknown
 * fields are dropped on parse, so a growing backend does not break the UI.
 */

/** `GET /api/products/:id`, `GET /api/products/barcode/:code`, `POST /api/products`. */
export const productResponse = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  barcode: z.string(),
  ingredients: z.string(),
  description: z.string(),
  weight: z.string(),
  rating: ratingSchema,
  analysis: analysisSummarySchema,
  createdAt: z.string(),
});
export type ProductResponse = z.infer<typeof productResponse>;

/** Spec §3 product card: product lists, search, clean and similar alternatives. */
export const productCardResponse = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  rating: ratingSchema,
});
export type ProductCardResponse = z.infer<typeof productCardResponse>;
export const productCardListResponse = z.array(productCardResponse);

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
