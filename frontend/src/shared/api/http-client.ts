import { currentTokenSource, type TokenSource } from './token-source';

const MOCK_AUTH_KEY = 'mockAuthState';
const FIRST_ATTEMPT_DELAY_MS = 100;
const RETRY_DELAY_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec §8: any non-OK API response raises "status: response text" (or the status text). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

async function fetchToken(source: TokenSource): Promise<string> {
  const token = await source.getIdToken(false);
  return token || source.getIdToken(true);
}

/**
 * Spec §7: wait 100 ms, ask for the token without forcing (forced if empty); on failure wait
 * 500 ms and retry once. No user means no Authorization header.
 */
export async function bearerToken(
  tokens: () => Promise<TokenSource> = currentTokenSource,
): Promise<string | null> {
  if (typeof localStorage !== 'undefined' && localStorage.getItem(MOCK_AUTH_KEY) === 'authenticated')
    return 'mock-token';
  const source = await tokens();
  if (!source.hasUser()) return null;
  await sleep(FIRST_ATTEMPT_DELAY_MS);
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

/** Sends a JSON API request with credentials and the bearer token when signed in; throws on non-OK. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: await requestHeaders(),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

export async function getJson<T>(url: string): Promise<T> {
  return (await apiRequest('GET', url)).json() as Promise<T>;
}

export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
