/**
 * Typed domain errors. The HTTP layer maps each kind to a status once, in its error
 * middleware, and answers `{ error: code, message }`.
 */
export type DomainErrorKind =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'too_large' // 413
  | 'unavailable'; // 503

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, message: string, details?: unknown) =>
  new DomainError('invalid', code, message, details);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
