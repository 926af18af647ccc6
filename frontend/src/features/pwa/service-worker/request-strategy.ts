/** How the service worker answers one request; `network` means it stays out of the way. */
export type RequestStrategy = 'app-shell' | 'cache-first' | 'network-first' | 'network';

/** Public runtime settings (Firebase project, payment mode): the same for everyone, needed to start offline. */
export const RUNTIME_CONFIG_PATH = '/api/config';

/** Navigations the consumer app does not own: the API, the moderation console, article images. */
const NOT_APP_PAGES = ['/api/', '/admin', '/articles/'];

/**
 * Same-origin GETs only. Pages fall back to the cached app shell; content-hashed build output
 * never changes, so the cache answers it first; the other kept files (icons, manifest, the
 * public config) come from the network and from the cache only when offline. Nothing else is
 * cached, so no user-specific API response ever is.
 */
export function requestStrategy(
  request: { method: string; mode: string; url: string },
  origin: string,
  keptPaths: ReadonlySet<string>,
): RequestStrategy {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (request.mode === 'navigate')
    return NOT_APP_PAGES.some((prefix) => url.pathname.startsWith(prefix)) ? 'network' : 'app-shell';
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  return keptPaths.has(url.pathname) ? 'network-first' : 'network';
}
