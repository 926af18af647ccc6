import type { RequestHandler } from 'express';
import { DomainError } from '@labelwise/domain';
import type { AuthUser, AuthVerifier } from './verifier';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

export interface AuthMiddlewares {
  /** Requires a valid bearer token; `verified` also requires a verified email. */
  requireUser(options?: { verified?: boolean }): RequestHandler;
  /** Requires the `admin: true` custom claim (401 without a token, 403 without the claim). */
  requireAdmin: RequestHandler;
  /** Attaches the user when a valid token is present; public routes stay public when it is not. */
  optionalUser: RequestHandler;
}

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address to continue. Check your inbox for the verification link.';

function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export function createAuthMiddlewares(
  verifier: AuthVerifier,
  onAuthenticated: (user: AuthUser) => Promise<void> = async () => {},
  options: {
    /** Runs after a successful authentication (per-user rate limits); it calls `next` or answers itself. */
    afterAuthentication?: RequestHandler;
  } = {},
): AuthMiddlewares {
  const after: RequestHandler = options.afterAuthentication ?? ((_req, _res, next) => next());

  const authenticate = async (header: string | undefined): Promise<AuthUser> => {
    const token = bearer(header);
    if (!token) throw new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Please sign in to continue.');
    const user = await verifier.verify(token);
    await onAuthenticated(user);
    return user;
  };

  const requireUser =
    (requirements: { verified?: boolean } = {}): RequestHandler =>
    async (req, res, next) => {
      try {
        req.user = await authenticate(req.headers.authorization);
        if (requirements.verified && !req.user.emailVerified) {
          throw new DomainError('forbidden', 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
        }
        await after(req, res, next);
      } catch (error) {
        next(error);
      }
    };

  return {
    requireUser,
    requireAdmin: async (req, res, next) => {
      try {
        req.user = await authenticate(req.headers.authorization);
        if (!req.user.admin)
          throw new DomainError('forbidden', 'ADMIN_ONLY', 'This needs an administrator account.');
        await after(req, res, next);
      } catch (error) {
        next(error);
      }
    },
    optionalUser: async (req, _res, next) => {
      if (!bearer(req.headers.authorization)) return next();
      try {
        req.user = await authenticate(req.headers.authorization);
      } catch {
        // An expired token must not make a public page fail.
      }
      next();
    },
  };
}
