import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { asIdempotentRequest } from '../commands/idempotent-request';
import {
  claimIdempotencyKey,
  idempotentRequestMemory,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from '../db/idempotent-requests';
import { isWriteMethod } from './rate-limits';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1 to 255 visible ASCII characters (no spaces or control characters). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Answers a retry should not get again: the request did not run (sign-in, permission, rate limit)
 * or failed on our side. The key is given back and a retry runs the request again.
 */
const isRepeatable = (status: number) => status >= 500 || [401, 403, 408, 429].includes(status);

const HANDLED = Symbol('idempotency handled');

/**
 * `Idempotency-Key` on writes: the first answer (status and body) to a key is stored in PostgreSQL
 * and returned to every retry with the same key by the same user (the same address when signed
 * out), which then runs nothing. The events the first run appended carry ids derived from the key
 * and the ids it drew from sequences are kept with the key, so even a retry that runs again (its
 * first run died before answering, or failed) appends nothing new.
 * While the first request with a key still runs, another with that key is refused with 409 (the
 * client retries later); once it answered, the same key with another method, path or body is
 * refused with 422. Requests without the header are not affected.
 */
export function idempotentRequests<DB>(db: Kysely<DB>, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    const marked = req as Request & { [HANDLED]?: true };
    if (key === undefined || !isWriteMethod(req.method) || marked[HANDLED]) return next();
    marked[HANDLED] = true;
    if (!KEY_PATTERN.test(key)) {
      return void res.status(400).json({
        error: 'INVALID_IDEMPOTENCY_KEY',
        message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      });
    }
    const request = {
      principal: req.user ? `user:${req.user.uid}` : `address:${req.ip ?? 'unknown'}`,
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
        res.set('Idempotent-Replayed', 'true');
        return void res.status(held.status).json(held.body);
      }
    } catch (error) {
      return next(error);
    }
    recordFirstAnswer(res, {
      store: (answer) => storeIdempotentAnswer(db, request, answer),
      release: () => releaseIdempotencyKey(db, request),
      logger,
    });
    asIdempotentRequest(request, idempotentRequestMemory(db, request), () => next());
  };
}

/** What makes two requests with one key the same request: method, path and body (its length when unparsed). */
function fingerprintOf(req: Request): string {
  const body = req.body === undefined ? { length: req.get('content-length') ?? null } : req.body;
  return createHash('sha256')
    .update(JSON.stringify([req.method, req.originalUrl, body]))
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
    void settle(() => (isRepeatable(status) ? handlers.release() : handlers.store({ status, body }))).then(
      () => send(body),
    );
    return res;
  };
  res.on('close', () => {
    if (!settled) void settle(handlers.release);
  });
}
