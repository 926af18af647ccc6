import { createRequire } from 'node:module';
import { z } from 'zod';
import { flag, parseEnvWith, runtimeEnvSchema } from '@labelwise/runtime';

const httpBase = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

/**
 * Where Open Food Facts is and what we do with it. Every address is configurable so tests, staging
 * and a mirror can point elsewhere; live lookup and the schedule are off unless turned on.
 */
export const offEnvShape = {
  /** OFF's static site: the exports and the daily deltas (`/data/delta/index.txt`). */
  OFF_STATIC_URL: httpBase.default('https://static.openfoodfacts.org'),
  /** OFF's read API (`/api/v2/product/{code}`) and write API. */
  OFF_API_URL: httpBase.default('https://world.openfoodfacts.org'),
  /** Ask OFF about a barcode our catalogue does not know. */
  OFF_LIVE_LOOKUP: flag,
  /** How OFF reaches us about our traffic: a URL or `mailto:` in the User-Agent OFF asks apps for. */
  OFF_CONTACT: z.string().min(3).max(200).regex(/^\S+$/, 'a URL or mailto: without spaces').optional(),
  /** Live lookups one address may cause a minute (its other lookups answer from the catalogue only). */
  OFF_LIVE_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /**
   * Calls to OFF's read API one API process makes a minute, whoever asks (lookups past it answer
   * from the catalogue only). OFF asks for at most 15 product reads a minute per address: keep
   * this times `API_PROCESSES` under that.
   */
  OFF_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(12),
  /** `daily`: the API syncs OFF's deltas once a day (one process at a time across all of them). */
  OFF_SYNC: z.enum(['off', 'daily']).default('off'),
  /**
   * Lets every call to OFF (live lookup, the sync, giving back's check) reach loopback, private and
   * link-local addresses: an OFF mirror or stand-in inside the network. Refused otherwise, checked
   * on the address connected to; redirects off OFF's configured origins are refused either way.
   */
  OFF_ALLOW_PRIVATE_NETWORK: flag,
  /** Send the labels users agreed to share to OFF's write API, from an outbox (needs the app's OFF account). */
  OFF_CONTRIBUTE: flag,
  /** The app's own OFF account, which OFF credits with what it sends (never a user's). */
  OFF_USER_ID: z.string().min(1).optional(),
  OFF_PASSWORD: z.string().min(1).optional(),
};

export type OffEnv = z.infer<z.ZodObject<typeof offEnvShape>>;

/** The OFF settings alone (the sync command needs no more). */
export function parseOffEnv(source: NodeJS.ProcessEnv = process.env): OffEnv {
  return parseEnvWith(runtimeEnvSchema.extend(offEnvShape), source);
}

/** What turning a feature on requires, one line per missing variable. */
export function offEnvProblems(env: OffEnv): string[] {
  const problems: string[] = [];
  for (const [flagName, on] of [
    ['OFF_LIVE_LOOKUP', env.OFF_LIVE_LOOKUP],
    ['OFF_CONTRIBUTE', env.OFF_CONTRIBUTE],
  ] as const)
    if (on && !env.OFF_CONTACT)
      problems.push(
        `OFF_CONTACT: required with ${flagName}=true (OFF asks every app for a contact in its User-Agent)`,
      );
  if (env.OFF_CONTRIBUTE && !(env.OFF_USER_ID && env.OFF_PASSWORD))
    problems.push(
      "OFF_USER_ID, OFF_PASSWORD: required with OFF_CONTRIBUTE=true (the app's Open Food Facts account that sends the labels)",
    );
  return problems;
}

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The User-Agent OFF asks apps to send: the app, its version and a contact. */
export function offUserAgent(env: Pick<OffEnv, 'OFF_CONTACT'>): string {
  return `Labelwise/${version} (${env.OFF_CONTACT ?? 'no contact configured'})`;
}
