const SERVICE_WORKER_URL = '/sw.js';

/**
 * Installs the service worker (production builds only: in development it would serve stale
 * modules). A page an older worker controlled reloads once the new one takes over, so it never
 * mixes files of two deploys.
 */
export function registerPwa(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const updating = navigator.serviceWorker.controller !== null;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!updating || reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .catch((error: unknown) => console.warn('Offline support unavailable', error));
  });
}
