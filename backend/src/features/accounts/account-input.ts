import { z } from 'zod';

export const usernameBodySchema = z.strictObject({ username: z.string() });

/** A scan record (product and time scanned). The client's timestamp is kept (normalised to UTC) but never decides the month. */
export const scanBodySchema = z.strictObject({
  productId: z.number().int().positive().max(2_147_483_647),
  scannedAt: z.iso.datetime({ offset: true }).transform((iso) => new Date(iso).toISOString()),
});
