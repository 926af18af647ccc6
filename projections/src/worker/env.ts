import type { z } from 'zod';
import { commaList, parseEnvWith, runtimeEnvSchema } from '@labelwise/runtime';

/** The worker's settings: the runtime ones, plus which projections it runs. */
export const workerEnvSchema = runtimeEnvSchema.extend({
  /** The projections a worker process runs; none named: all of them. */
  PROJECTIONS: commaList,
});

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  return parseEnvWith(workerEnvSchema, source);
}
