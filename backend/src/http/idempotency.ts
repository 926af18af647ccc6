import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { stringify } from 'safe-stable-stringify';
import { asIdempotentRequest } from '../commands/idempotent-request';
import {
  IN_PROGRESS_LEASE_SECONDS,
  LEASE_RENEWAL_SECONDS,
  claimIdempotencyKey,
  idempotentRequestMemory,
  releaseIdempotencyKey,
  renewIdempotencyLeases,
  userPrincipal,
  storeIdempotentAnswer,
} from '../db/idempotent-requests';
import { asksToRetry } from './errors';
import { isWriteMethod } from './rate-limits';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1 to 255 visible ASCII characters (no spaces or control characters). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Answers a retry should not get again: the request got no decision (a concurrent change, a rate
 * limit, a failure on our side: see asksToRetry) or was not let in (sign-in, permission). The key
 * is given back and a retry runs the request again.
 */
const isRepeatable = (status: number, body: unknown) =>
  asksToRetry(status, body) || status === 401 || status === 403;

const HANDLED = Symbol('idempotency handled');

/**
 * `Idempotency-Key` on writes: the first answer (status and body) to a key is stored in PostgreSQL
 * and returned to every retry with the same key by the same user (the same address when signed
 * out), which then runs nothing. The events the first run appended carry ids derived from the key
 * and the ids it drew from sequences are kept with the key, so even a retry that runs again (its
 * first run died before answering, or failed) appends nothing new.
 * While the first request with a key still runs, another with that key is refused with 409 (the
 * client retries later): this process renews its lease while it runs, and a process that died
 * leaves a lease that ends within IN_PROGRESS_LEASE_SECONDS. Once it answered, the same key with
 * another method, path or body is refused with 422. Requests without the header are not affected.
 * The body is part of the request's identity, so this waits for it to be parsed: a route that
 * parses its own body (a photo) mounts this again after its parser, and is handled there.
 */
export function idempotentRequests<DB>(
  db: Kysely<DB>,
  logger: Logger,
  /** Called before a stored answer is sent again: the retry's browser may not know of the write. */
  replaying?: () => Promise<void>,
): RequestHandler {
  const leases = keepLeases(db, logger);
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    const marked = req as Request & { [HANDLED]?: true };
    if (key === undefined || !isWriteMethod(req.method) || marked[HANDLED]) return next();
    // Express sets `req.body` (undefined without a body) when a body parser has run.
    if (!('body' in req)) return next();
    marked[HANDLED] = true;
    if (!KEY_PATTERN.test(key)) {
      return void res.status(400).json({
        error: 'INVALID_IDEMPOTENCY_KEY',
        message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      });
    }
    const request = {
      principal: req.user ? userPrincipal(req.user.uid) : `address:${req.ip ?? 'unknown'}`,
      method: req.method,
      path: req.originalUrl,
      key,
    };
    const fingerprint = fingerprintOf(req);
    try {
      const held = await claimIdempotencyKey(db, { ...request, fingerprint });
      if (held.state === 'running') {
        return void res.status(409).json({
          error: 'IDEMPOTENCY_KEY_IN_USE',
          message: 'A request with this Idempotency-Key is still in progress. Please try again shortly.',
        });
      }
      if (held.state !== 'claimed' && held.fingerprint !== fingerprint) {
        return void res.status(422).json({
          error: 'IDEMPOTENCY_KEY_REUSED',
          message: 'This Idempotency-Key was already used for a different request.',
        });
      }
      if (held.state === 'answered') {
        await replaying?.();
        res.set('Idempotent-Replayed', 'true');
        return void res.status(held.status).json(held.body);
      }
    } catch (error) {
      return next(error);
    }
    const lease = leases.hold(request);
    const release = () => releaseIdempotencyKey(db, request);
    recordFirstAnswer(res, {
      store: (answer) => {
        lease.end();
        return storeIdempotentAnswer(db, request, answer);
      },
      // A request that failed because the database went away gives its key back once the database
      // is back: tried again each second, in the background, for as long as a lease would last.
      release: () => {
        lease.end();
        return release().catch((error: unknown) => {
          void untilDone(release).catch(() => {});
          throw error;
        });
      },
      logger,
    });
    asIdempotentRequest(request, idempotentRequestMemory(db, request), () => next());
  };
}

/**
 * The leases of the keyed requests this process runs, renewed together every
 * LEASE_RENEWAL_SECONDS while any runs (one statement; the timer does not keep the process up).
 */
function keepLeases<DB>(db: Kysely<DB>, logger: Logger) {
  const running = new Set<{ principal: string; key: string }>();
  let timer: NodeJS.Timeout | undefined;
  const renew = () =>
    renewIdempotencyLeases(db, [...running]).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not renew idempotency leases'),
    );
  return {
    hold(request: { principal: string; key: string }) {
      running.add(request);
      timer ??= setInterval(renew, LEASE_RENEWAL_SECONDS * 1000).unref();
      return {
        end() {
          running.delete(request);
          if (running.size > 0) return;
          clearInterval(timer);
          timer = undefined;
        },
      };
    },
  };
}

const RELEASE_RETRY_MS = 1000;

/** Runs `work` until it succeeds, once a second, for at most IN_PROGRESS_LEASE_SECONDS (the lease ends by then anyway). */
async function untilDone(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + IN_PROGRESS_LEASE_SECONDS * 1000;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() + RELEASE_RETRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RELEASE_RETRY_MS).unref());
    }
  }
}

/**
 * What makes two requests with one key the same request: method, path and the whole parsed body
 * (a photo's every byte), written with its object keys sorted: the same JSON in another key order
 * is the same request; arrays keep their order.
 */
function fingerprintOf(req: Request): string {
  return createHash('sha256')
    .update(stringify([req.method, req.originalUrl, req.body ?? null]))
    .digest('base64url');
}

/**
 * Stores the answer before it is sent (a retry arriving right after sees it), or gives the key
 * back when the answer is one to repeat or the response ends without a JSON answer.
 */
function recordFirstAnswer(
  res: Response,
  handlers: {
    store(answer: { status: number; body: unknown }): Promise<void>;
    release(): Promise<void>;
    logger: Logger;
  },
) {
  let settled = false;
  const settle = (work: () => Promise<void>) => {
    settled = true;
    return work().catch((error: unknown) =>
      handlers.logger.error({ err: error }, 'could not record an idempotent answer'),
    );
  };
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    if (settled) return send(body);
    const status = res.statusCode;
    void settle(() =>
      isRepeatable(status, body) ? handlers.release() : handlers.store({ status, body }),
    ).then(() => send(body));
    return res;
  };
  res.on('close', () => {
    if (!settled) void settle(handlers.release);
  });
}
