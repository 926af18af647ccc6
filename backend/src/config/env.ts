import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const port = z.coerce.number().int().min(1).max(65535);

/** `a, b,c` → ['a', 'b', 'c']; unset or blank → []. */
const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Every setting Labelwise reads from the environment, with the embedded defaults. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_CONNECTION_STRING: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-labelwise'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must look like host:port')
    .optional(),
  AUTH_EMULATOR_PORT: port.default(9099),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  ALLOW_MOCK_AUTH: flag,
  SCAN_LIMIT: z.coerce.number().int().min(0).default(10),
  OCR_POOL_SIZE: z.coerce.number().int().min(1).max(16).optional(),
  OCR_DAILY_QUOTA: z.coerce.number().int().min(0).default(50),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  /** Rate limits per window; 0 turns a limit off. Generous defaults: people never meet them, floods do. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_LIMIT_WRITES_PER_USER: z.coerce.number().int().min(0).default(120),
  RATE_LIMIT_WRITES_PER_IP: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_OCR_PER_IP: z.coerce.number().int().min(0).default(30),
  CORS_ORIGINS: commaList,
  /** The projections a worker process runs; none named: all of them. */
  PROJECTIONS: commaList,
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; a wrong value names the variable and what is wrong with it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    if (result.data.EVENT_STORE === 'eventstoredb' && !result.data.EVENTSTORE_CONNECTION_STRING) {
      throw new EnvError('EVENTSTORE_CONNECTION_STRING: required when EVENT_STORE=eventstoredb');
    }
    return result.data;
  }
  const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}
