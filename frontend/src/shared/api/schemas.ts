import { z } from 'zod/mini';

/**
 * Response shapes of spec §7 (zod/mini keeps the first-load bundle small). Lenient on optional
 * fields so a growing backend does not break the UI.
 */
export const ratingValueSchema = z.catch(z.nullable(z.enum(['green', 'amber', 'red'])), null);

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.nullish(z.string()),
  barcode: z.nullish(z.string()),
  ingredients: z.nullish(z.string()),
  description: z.nullish(z.string()),
  weight: z.nullish(z.string()),
  rating: ratingValueSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.nullish(z.string()),
  rating: ratingValueSchema,
  scannedAt: z.nullish(z.string()),
});
export type ProductCardData = z.infer<typeof productCardSchema>;
export const productCardListSchema = z.array(productCardSchema);

export const userStatsSchema = z.object({
  scansThisMonth: z.number(),
  scanLimit: z.number(),
  isPremium: z.boolean(),
  canScan: z.boolean(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const userProfileSchema = z.object({
  username: z.nullish(z.string()),
  email: z.nullish(z.string()),
  isPremium: z.catch(z.boolean(), false),
  scansThisMonth: z.catch(z.number(), 0),
});
