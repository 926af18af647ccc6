import { z } from 'zod';
import { invalid, MAX_BARCODE_LENGTH } from '@labelwise/domain';
import { textField } from '../../http/validate';

const optional = (field: z.ZodString) => field.nullish().transform((value) => value ?? '');

/** `POST /api/products` body. `rating` is accepted but never trusted: the server rates. */
export const newProductSchema = z.strictObject({
  name: textField('productName').min(1, 'is required'),
  brand: optional(textField('brand')),
  barcode: optional(
    z.string().trim().max(MAX_BARCODE_LENGTH, `must be at most ${MAX_BARCODE_LENGTH} characters`),
  ).refine((code) => /^[A-Za-z0-9_-]*$/.test(code), 'may hold only letters, digits, _ and -'),
  ingredients: textField('ingredients').min(1, 'is required'),
  description: optional(textField('description')),
  weight: optional(textField('quantity')),
  rating: z.string().max(20).nullish(),
  /** The answer to 'Share this label with Open Food Facts'; absent when the client did not ask. */
  offConsent: z.boolean().optional(),
});

/** POST /api/products/{id}/label body: the English ingredient list an unrated product lacks. */
export const contributedLabelSchema = z.strictObject({
  ingredients: textField('ingredients').min(1, 'is required'),
  offConsent: z.boolean(),
});

/** Route ids are positive integers; anything else is a 400 rather than a miss. */
export function parseProductId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw invalid('INVALID_PRODUCT_ID', 'The product id must be a positive whole number.');
  }
  return Number(raw);
}

export const pageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const searchQuerySchema = z.object({ q: z.string().optional() });
