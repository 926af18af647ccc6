import { z } from 'zod';

export const usernameBodySchema = z.strictObject({ username: z.string() });

const productId = z.number().int().positive().max(2_147_483_647);
const clientTime = z.iso.datetime({ offset: true }).transform((iso) => new Date(iso).toISOString());

/** A scan record (product and time scanned). The client's timestamp is kept (normalised to UTC) but never decides the month. */
export const scanBodySchema = z.strictObject({ productId, scannedAt: clientTime });

/** A product opened by its barcode: for the user's history, free of the allowance. */
export const lookupBodySchema = z.strictObject({
  productId,
  barcode: z.string().regex(/^\d{8,14}$/, 'must be the 8 to 14 digits printed under the barcode'),
  lookedUpAt: clientTime,
});
