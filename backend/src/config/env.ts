import { z } from 'zod';
import { commaList, flag, parseEnvWith, port, runtimeEnvSchema } from '@labelwise/event-store/runtime/env';

export { EnvError } from '@labelwise/event-store/runtime/env';

/** Every setting the API and the launcher read from the environment, with the embedded defaults. */
export const envSchema = runtimeEnvSchema.extend({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: port.default(54329),
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
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; a wrong value names the variable and what is wrong with it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseEnvWith(envSchema, source);
}
