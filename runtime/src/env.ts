import { inspect } from 'node:util';
import { z } from 'zod';

/** `true`/`1` → true; `false`, `0`, blank or unset → false. */
export const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const port = z.coerce.number().int().min(1).max(65535);

/** `a, b,c` → ['a', 'b', 'c']; unset or blank → []. */
export const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * The settings every Labelwise process reads (the API, the projection worker, the command-line
 * tools): how it logs and where the events and read tables are (`databaseUrlOf`). Each process
 * extends it with its own.
 */
export const runtimeEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Where `npm start` runs the embedded PostgreSQL, and so where every process and tool finds it without DATABASE_URL. */
  EMBEDDED_PG_PORT: port.default(54329),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_CONNECTION_STRING: z.string().optional(),
});

export type RuntimeEnv = z.infer<typeof runtimeEnvSchema>;

export class EnvError extends Error {}

/**
 * What a process that cannot start prints: a configuration refusal, its message alone (it names
 * each variable and what is wrong); anything else, in full (stack and causes).
 */
export function startFailure(error: unknown): string {
  return error instanceof EnvError ? error.message : inspect(error);
}

/**
 * Parses the environment with `schema` (the runtime settings, or a process's extension of them);
 * a wrong value names the variable and what is wrong with it.
 */
export function parseEnvWith<Env extends RuntimeEnv>(
  schema: z.ZodType<Env>,
  source: NodeJS.ProcessEnv = process.env,
): Env {
  const result = schema.safeParse(source);
  if (result.success) {
    if (result.data.EVENT_STORE === 'eventstoredb' && !result.data.EVENTSTORE_CONNECTION_STRING) {
      throw new EnvError('EVENTSTORE_CONNECTION_STRING: required when EVENT_STORE=eventstoredb');
    }
    return result.data;
  }
  const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** The runtime settings alone (the projections CLI needs no more). */
export function parseRuntimeEnv(source: NodeJS.ProcessEnv = process.env): RuntimeEnv {
  return parseEnvWith(runtimeEnvSchema, source);
}
