import { ApiError } from './api-error';
import { takeHandedOver } from './handed-over';
import { currentTokenSource, type TokenSource } from './token-source';
import { idempotencyKey, type UserAction } from './user-action';

const MOCK_AUTH_KEY = 'mockAuthState';
const RETRY_DELAY_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Any non-OK API response raises an `ApiError` with its status, the server's code and message. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await ApiError.of(response);
}

async function fetchToken(source: TokenSource): Promise<string> {
  const token = await source.getIdToken(false);
  return token || source.getIdToken(true);
}

/**
 * The signed-in user's ID token, asked for at once (Firebase answers its cached token and refreshes
 * it when it is about to expire), forced if empty; on failure wait 500 ms and retry once. No user
 * means no Authorization header.
 */
export async function bearerToken(
  tokens: () => Promise<TokenSource> = currentTokenSource,
): Promise<string | null> {
  if (typeof localStorage !== 'undefined' && localStorage.getItem(MOCK_AUTH_KEY) === 'authenticated')
    return 'mock-token';
  const source = await tokens();
  if (!source.hasUser()) return null;
  try {
    return await fetchToken(source);
  } catch {
    await sleep(RETRY_DELAY_MS);
    return fetchToken(source);
  }
}

export async function requestHeaders(): Promise<Record<string, string>> {
  const token = await bearerToken();
  return token
    ? { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }
    : { 'Content-Type': 'application/json' };
}

/** The headers of a write: those of every request, and the action's `Idempotency-Key` for it. */
export async function writeHeaders(
  method: string,
  url: string,
  action: UserAction = {},
): Promise<Record<string, string>> {
  return { ...(await requestHeaders()), 'Idempotency-Key': idempotencyKey(action, method, url) };
}

/**
 * Sends a JSON API request with credentials and the bearer token when signed in; throws on non-OK.
 * A write carries the `Idempotency-Key` of `action` (by default a new action, so a new key).
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  action?: UserAction,
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: method === 'GET' ? await requestHeaders() : await writeHeaders(method, url, action),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** GET's JSON answer; the first ask of one the server handed over with the page is answered from it. */
export async function getJson<T>(url: string): Promise<T> {
  const handedOver = takeHandedOver(url);
  if (handedOver !== undefined) return handedOver as T;
  return (await apiRequest('GET', url)).json() as Promise<T>;
}

/** A write; pass the mutation's context as `action` so its retries send the same `Idempotency-Key`. */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  action?: UserAction,
): Promise<T> {
  const response = await apiRequest(method, url, body, action);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
