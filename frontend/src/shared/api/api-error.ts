/** The body the API answers a failed call with (the server's one error shape). */
interface ErrorBody {
  error: string;
  message: string;
  details?: unknown;
}

function errorBody(text: string): ErrorBody | null {
  try {
    const body: unknown = JSON.parse(text);
    if (
      body &&
      typeof body === 'object' &&
      'error' in body &&
      typeof body.error === 'string' &&
      'message' in body &&
      typeof body.message === 'string'
    )
      return body as ErrorBody;
  } catch {
    /* not a JSON body */
  }
  return null;
}

/**
 * A non-OK API answer. The server answers `{ error: CODE, message, details? }`; an answer in any
 * other form (a proxy's error page, say) has no `code`, and its text (or the status text) as message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's error code (`USERNAME_TAKEN`, ...), or null when the answer was not the server's. */
    readonly code: string | null,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  static async of(response: Response): Promise<ApiError> {
    const text = await response.text();
    const body = errorBody(text);
    if (body) return new ApiError(response.status, body.error, body.message, body.details);
    return new ApiError(response.status, null, text || response.statusText);
  }
}

/**
 * The server's own message for a failed call, fit to show to the user; else `fallback` (a network
 * failure, a proxy's page, an answer without a message).
 */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.code !== null && error.message) || fallback;
}
