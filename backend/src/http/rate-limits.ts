import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import type { Env } from '../config/env';
import { postgresRateLimitStore } from './rate-limit-store';

/** Methods that change something; reads are never limited. */
export const isWriteMethod = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Signed webhooks come from the payment provider's many addresses, not from people. */
const UNLIMITED_PATHS = ['/api/webhooks/'];
const OCR_PATH = '/api/process-image';

const pass: RequestHandler = (_req, _res, next) => next();

/**
 * Hands a request to `limit` only when `applies`: the library's own `skip` runs after its
 * per-request set-up, which every read and every other path would pay for nothing.
 */
const onlyWhen =
  (applies: (req: Request) => boolean, limit: RequestHandler): RequestHandler =>
  (req, res, next) =>
    applies(req) ? limit(req, res, next) : next();

const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

// The store is only for counters; it does not care which tables the database holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function limiter(options: {
  db: AnyDb;
  name: string;
  limit: number;
  windowSeconds: number;
  key: (req: Request) => string;
  /** Which requests count; the others pass untouched. */
  applies: (req: Request) => boolean;
  message: string;
}): RequestHandler {
  if (options.limit <= 0) return pass;
  return onlyWhen(
    options.applies,
    rateLimit({
      windowMs: options.windowSeconds * 1000,
      limit: options.limit,
      identifier: options.name,
      store: postgresRateLimitStore(options.db, options.name, options.windowSeconds * 1000),
      // IETF draft-8 `RateLimit` headers, and `Retry-After` on every 429.
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: (req) => options.key(req),
      handler: (req, res) => {
        const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
        const seconds = Math.max(
          1,
          Math.ceil(((reset?.getTime() ?? Date.now() + options.windowSeconds * 1000) - Date.now()) / 1000),
        );
        if (!res.getHeader('retry-after')) res.setHeader('Retry-After', String(seconds));
        res.status(429).json({
          error: 'RATE_LIMITED',
          message: `${options.message} Please try again in ${seconds} seconds.`,
        });
      },
    }),
  );
}

/**
 * Counters live in PostgreSQL (postgresRateLimitStore), so the limits hold across API processes.
 * Per address, before authentication (so floods never reach the identity provider):
 * every write under /api, and photo recognition, which costs a CPU for a second or more.
 */
export function addressRateLimits(env: Env, db: AnyDb): RequestHandler[] {
  const windowSeconds = env.RATE_LIMIT_WINDOW_SECONDS;
  return [
    limiter({
      db,
      name: 'writes-per-address',
      limit: env.RATE_LIMIT_WRITES_PER_IP,
      windowSeconds,
      key: ipKey,
      applies: (req) =>
        isWriteMethod(req.method) && !UNLIMITED_PATHS.some((p) => req.originalUrl.startsWith(p)),
      message: 'Too many changes from your network.',
    }),
    limiter({
      db,
      name: 'ocr-per-address',
      limit: env.RATE_LIMIT_OCR_PER_IP,
      windowSeconds,
      key: ipKey,
      applies: (req) => req.originalUrl.startsWith(OCR_PATH),
      message: 'Too many photos in a short time.',
    }),
  ];
}

/** Per signed-in user, after the token is verified (a forged uid cannot spend someone else's allowance). */
export function userWriteRateLimit(env: Env, db: AnyDb): RequestHandler {
  return limiter({
    db,
    name: 'writes-per-user',
    limit: env.RATE_LIMIT_WRITES_PER_USER,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    key: (req) => `user:${req.user?.uid ?? ipKey(req)}`,
    applies: (req) => isWriteMethod(req.method),
    message: 'You are making changes too quickly.',
  });
}
