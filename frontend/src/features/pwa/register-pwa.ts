const SERVICE_WORKER_URL = '/sw.js';

/**
 * Installs the service worker (production builds only: in development it would serve stale
 * modules). A page an older worker controlled reloads once the new one takes over, so it never
 * mixes files of two deploys.
 */
export function registerPwa(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The first worker taking control changes nothing on screen; a later one is a new deploy.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) window.location.reload();
    controlled = true;
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .catch((error: unknown) => console.warn('Offline support unavailable', error));
  });
}
