import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ACCOUNT_DELETED_MESSAGE, DomainError, type DomainErrorKind } from '@labelwise/domain';
import { ZodError } from 'zod';
import { SubjectErased, WrongExpectedVersion } from '@labelwise/event-store';
import { isMissingSocket } from '@labelwise/runtime';
import { requestLogger } from './request-log';

const statusByKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unavailable: 503,
};

/** The answer to a command that lost a race with another change to its stream: the same request may succeed now. */
const CONCURRENT_UPDATE = 'CONCURRENT_UPDATE';

interface HttpError {
  status: number;
  body: { error: string; message: string; details?: unknown };
}

/** PostgreSQL data exceptions caused by what the client sent (NUL bytes, unstorable characters, out-of-range numbers). */
const BAD_CLIENT_DATA = new Set(['22021', '22P05', '22001', '22003', '22P02']);

const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  // A Unix socket whose server is shutting down breaks the connection's first write.
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** pg's own messages when a connection breaks (no SQLSTATE code). */
const CONNECTION_LOST =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|ECONNREFUSED|ECONNRESET|shutting down/i;

/** Whether `error` (or what caused it) says PostgreSQL is unreachable, restarting or shutting down. */
function isDatabaseDown(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if ((typeof code === 'string' && DATABASE_DOWN.has(code)) || isMissingSocket(error)) return true;
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseDown(e, depth + 1))) return true;
  return isDatabaseDown(cause, depth + 1);
}

/** The one place where errors become HTTP answers: `{ error: CODE, message }`. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof DomainError) {
    return {
      status: statusByKind[error.kind],
      body: {
        error: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      },
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { error: 'VALIDATION_ERROR', message: describeZodError(error) } };
  }
  if (error instanceof WrongExpectedVersion) {
    return {
      status: 409,
      body: {
        error: CONCURRENT_UPDATE,
        message: 'Someone else changed this at the same time. Please try again.',
      },
    };
  }
  // A write of a user whose account deletion has begun (the session was still trusted).
  if (error instanceof SubjectErased) {
    return { status: 404, body: { error: 'ACCOUNT_DELETED', message: ACCOUNT_DELETED_MESSAGE } };
  }
  const bodyParserType = (error as { type?: string }).type;
  if (bodyParserType === 'entity.too.large') {
    return { status: 413, body: { error: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' } };
  }
  if (bodyParserType === 'entity.parse.failed') {
    return { status: 400, body: { error: 'INVALID_JSON', message: 'The request body is not valid JSON.' } };
  }
  if (bodyParserType === 'encoding.unsupported' || bodyParserType === 'charset.unsupported') {
    return {
      status: 415,
      body: { error: 'UNSUPPORTED_ENCODING', message: 'The request body encoding is not supported.' },
    };
  }
  const code = (error as { code?: string }).code;
  if (isDatabaseDown(error)) {
    return {
      status: 503,
      body: {
        error: 'SERVICE_UNAVAILABLE',
        message: 'The database is unavailable. Please try again shortly.',
      },
    };
  }
  if (code && BAD_CLIENT_DATA.has(code)) {
    return {
      status: 400,
      body: {
        error: 'INVALID_CHARACTERS',
        message: 'The request contains characters or numbers that cannot be stored.',
      },
    };
  }
  // Express's own client errors (a path segment that is not valid percent-encoding, ...): never a 500.
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: 'BAD_REQUEST', message: 'The request is malformed.' } };
  }
  return {
    status: 500,
    body: { error: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
  };
}

/**
 * Whether an answer tells the client to send the same request again because it got no decision:
 * it lost a race with a concurrent change, met a rate limit or a timeout, or failed on our side.
 */
export function asksToRetry(status: number, body: unknown): boolean {
  if (status >= 500 || status === 408 || status === 429) return true;
  return status === 409 && (body as { error?: unknown } | null)?.error === CONCURRENT_UPDATE;
}

export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  const { status, body } = toHttpError(error);
  if (status >= 500) requestLogger(req)?.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  res.status(status).json(body);
};

export const apiNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .json({ error: 'NOT_FOUND', message: `No API route ${req.method} ${req.baseUrl}${req.path}` });
};
