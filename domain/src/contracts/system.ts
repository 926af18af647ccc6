import { z } from 'zod/mini';
import { paymentModeSchema } from './subscription';
import { projectionHealthResponse, replicaHealthResponse } from './admin';

/** `GET /api/config`: what the browser apps need to know at run time. */
export const runtimeConfigResponse = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.nullable(z.string()),
  payments: z.object({ mode: paymentModeSchema, publishableKey: z.nullable(z.string()) }),
  scanLimit: z.number(),
  /** `OFF_CONTRIBUTE`: whether the labels users agree to share are sent to Open Food Facts. */
  offContribute: z.boolean(),
});
export type RuntimeConfigResponse = z.infer<typeof runtimeConfigResponse>;

const probe = { ok: z.boolean(), error: z.optional(z.string()) };

/** `GET /api/health`: 200 while the database and event store answer, 503 otherwise. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ...probe, latencyMs: z.number() }),
  eventStore: z.object({ ...probe, kind: z.string(), head: z.nullable(z.string()) }),
  auth: z.object({ ...probe, provider: z.string() }),
  projections: z.array(projectionHealthResponse),
  /** The read tables' replicas, empty without DATABASE_READ_URLS (every read on the primary). */
  readReplicas: z.array(replicaHealthResponse),
});
export type HealthResponse = z.infer<typeof healthResponse>;
