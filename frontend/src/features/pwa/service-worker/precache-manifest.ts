/** What the build tells the service worker to keep: the app shell and the build it belongs to. */
export interface PrecacheManifest {
  /** Changes with every build whose output differs; names the cache. */
  version: string;
  /** Absolute paths: index.html, the start-up JS and CSS, the offline screens, icons. */
  urls: string[];
}

/** The identifier the build replaces with the manifest's JSON (see vite-plugins/service-worker.ts). */
export const PRECACHE_PLACEHOLDER = '__LABELWISE_PRECACHE__';

export const APP_SHELL_URL = '/index.html';
export const CACHE_PREFIX = 'labelwise-';
