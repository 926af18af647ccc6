import { z } from 'zod';

/** Who caused an event and why: the audit trail. `at` is an ISO timestamp given by the caller. */
export const eventMetadataSchema = z.object({
  actor: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  at: z.iso.datetime(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const isoTimestamp = z.iso.datetime();
export const productId = z.number().int().positive();
