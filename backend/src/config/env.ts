import fs from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { EnvError, commaList, flag, parseEnvWith, port, runtimeEnvSchema } from '@labelwise/runtime';
import { offEnvProblems, offEnvShape } from './off-env';

export { EnvError, startFailure } from '@labelwise/runtime';

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a subnet (`10.0.0.0/8`) or one of Express's presets. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  return rest.length === 0 && isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
}

/**
 * Express's `trust proxy`: whose `X-Forwarded-For` tells the client's address. Nothing by default
 * (every request is the address that connected); a hop count, or the proxies' addresses, subnets
 * and presets, comma-separated. `true` (anyone) is refused: any client could then pick its address.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyEntry(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${wrong.join(', ')}: not a proxy address, subnet, preset (loopback, linklocal, uniquelocal) or hop count${text === 'true' ? '; true would trust every client' : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Every setting the API and the launcher read from the environment, with the embedded defaults. */
export const envSchema = runtimeEnvSchema.extend({
  PORT: port.default(3000),
  /** Where the API listens: this machine only unless told (the Docker image sets 0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * API processes on the port (Node's cluster module when more than one). One by default: on two
   * cores a second one only adds contention (fewer scans a second, measured).
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * PostgreSQL streaming replicas of DATABASE_URL the API reads the read tables from; commands,
   * checkpoints, id sequences, rate limits and stored answers stay on the primary.
   */
  DATABASE_READ_URLS: commaList.pipe(
    z.array(z.url({ protocol: /^postgres(ql)?$/, error: 'each must be a postgres:// URL' })),
  ),
  /** A replica further behind the primary than this is left out until it catches up. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().positive().max(3600).default(5),
  DATA_DIR: z.string().default('.data'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-labelwise'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must look like host:port')
    .optional(),
  AUTH_EMULATOR_PORT: port.default(9099),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  /** The Firebase web config the browser apps sign in with (demo values against the emulator). */
  FIREBASE_WEB_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  ALLOW_MOCK_AUTH: flag,
  /** Import the starter set of real Open Food Facts products at start (on unless `false`). */
  OFF_STARTER_SET: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** A JWKS file of public keys trusted to sign ID tokens besides Google's: benchmarks and tests only. */
  AUTH_TRUSTED_TEST_KEYS: z.string().min(1).optional(),
  /** A revoked session or disabled account is refused on writes at most this many seconds later. */
  AUTH_SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
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
  /** The proxies in front of the API trusted to tell the client's address (rate limits, live lookup). */
  TRUST_PROXY: trustProxy,
  ...offEnvShape,
});

export type Env = z.infer<typeof envSchema>;

/**
 * What a production process must not run with, one line per variable: the Auth Emulator accepts
 * unsigned tokens, mock auth accepts a fixed token, trusted test keys sign tokens for anyone,
 * without a service account no session can be checked, without the web config nobody can sign
 * in, and without Stripe keys the local test-mode provider makes anyone Premium for free.
 */
export function productionRefusals(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const refusals: string[] = [];
  if (!env.GOOGLE_APPLICATION_CREDENTIALS)
    refusals.push(
      'GOOGLE_APPLICATION_CREDENTIALS: required in production (the Firebase service-account JSON file; without it no session can be checked)',
    );
  else if (!fs.existsSync(env.GOOGLE_APPLICATION_CREDENTIALS))
    refusals.push(`GOOGLE_APPLICATION_CREDENTIALS: no file at '${env.GOOGLE_APPLICATION_CREDENTIALS}'`);
  if (!env.FIREBASE_WEB_API_KEY)
    refusals.push(
      "FIREBASE_WEB_API_KEY: required in production (the API key of the project's Firebase web config; without it the apps cannot sign anyone in)",
    );
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    refusals.push('FIREBASE_AUTH_EMULATOR_HOST: the Auth Emulator accepts unsigned tokens; unset it');
  if (env.ALLOW_MOCK_AUTH) refusals.push('ALLOW_MOCK_AUTH: mock auth is for local runs only; unset it');
  if (env.AUTH_TRUSTED_TEST_KEYS)
    refusals.push(
      "AUTH_TRUSTED_TEST_KEYS: keys outside Google's would sign sessions for anyone; benchmarks and tests only, unset it",
    );
  if (env.FIREBASE_PROJECT_ID.startsWith('demo-'))
    refusals.push(`FIREBASE_PROJECT_ID: '${env.FIREBASE_PROJECT_ID}' is an emulator-only demo project`);
  const stripe = [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_MONTHLY',
    'STRIPE_PRICE_YEARLY',
  ] as const;
  for (const name of stripe)
    if (!env[name]) refusals.push(`${name}: required in production (without it test-mode payments run)`);
  if (env.STRIPE_SECRET_KEY?.startsWith('sk_test_'))
    refusals.push('STRIPE_SECRET_KEY: a test-mode key (sk_test_...) in production');
  return refusals;
}

/**
 * Parses the environment; a wrong value names the variable and what is wrong with it, and a
 * production process refuses the emulator, mock auth and test-mode payments.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnvWith(envSchema, source);
  const problems = offEnvProblems(env);
  if (env.DATABASE_READ_URLS.length > 0 && !env.DATABASE_URL)
    problems.push(
      'DATABASE_READ_URLS: replicas need DATABASE_URL, their primary (the embedded PostgreSQL has none)',
    );
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const refusals = productionRefusals(env);
  if (refusals.length > 0)
    throw new EnvError(`Refusing to start with NODE_ENV=production:\n  ${refusals.join('\n  ')}`);
  return env;
}
