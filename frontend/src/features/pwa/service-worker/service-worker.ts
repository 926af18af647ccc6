import { APP_SHELL_URL, CACHE_PREFIX, type PrecacheManifest } from './precache-manifest';
import { requestStrategy, RUNTIME_CONFIG_PATH } from './request-strategy';

declare const self: ServiceWorkerGlobalScope;
declare const __LABELWISE_PRECACHE__: PrecacheManifest;

const manifest = __LABELWISE_PRECACHE__;
const cacheName = `${CACHE_PREFIX}${manifest.version}`;
// The public runtime config too: the first visit fetched it before this worker existed.
const keptPaths = new Set([...manifest.urls, RUNTIME_CONFIG_PATH]);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll([...keptPaths]))
      // Activate at once; the page reloads onto the new build (register-pwa.ts).
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function keep(request: Request, response: Response): Promise<Response> {
  if (response.ok) await (await caches.open(cacheName)).put(request, response.clone());
  return response;
}

async function fromCache(request: Request | string): Promise<Response> {
  const cached = await caches.match(request, { cacheName });
  if (!cached)
    throw new Error(`Offline and not cached: ${typeof request === 'string' ? request : request.url}`);
  return cached;
}

const appShell = (request: Request) => fetch(request).catch(() => fromCache(APP_SHELL_URL));

const cacheFirst = async (request: Request) =>
  fromCache(request).catch(async () => keep(request, await fetch(request)));

const networkFirst = (request: Request) =>
  fetch(request).then(
    (response) => keep(request, response),
    () => fromCache(request),
  );

const answer = { 'app-shell': appShell, 'cache-first': cacheFirst, 'network-first': networkFirst };

self.addEventListener('fetch', (event) => {
  const strategy = requestStrategy(event.request, self.location.origin, keptPaths);
  if (strategy !== 'network') event.respondWith(answer[strategy](event.request));
});
