import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import {
  APP_SHELL_URL,
  PRECACHE_PLACEHOLDER,
  type PrecacheManifest,
} from '../src/features/pwa/service-worker/precache-manifest';
import { precacheFiles } from '../src/features/pwa/precache-files';

const WORKER_CHUNK = 'service-worker';
const SERVICE_WORKER_FILE = 'sw.js';

interface ServiceWorkerOptions {
  /** The worker's source; built into /sw.js with the precache manifest written in. */
  entry: string;
  /** Lazily loaded modules that must work offline besides the start-up code (each with its imports). */
  offlineModules: string[];
  /** Files of public/ to keep for offline use. */
  publicFiles: string[];
}

const chunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');

/**
 * Builds the hand-written service worker as its own entry (/sw.js, fixed name so browsers find
 * updates) and writes into it the list of files to precache and a version that changes with the
 * build output.
 */
export function serviceWorker(options: ServiceWorkerOptions): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'labelwise:service-worker',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', [WORKER_CHUNK]: options.entry },
          output: {
            entryFileNames: (chunk) =>
              chunk.name === WORKER_CHUNK ? SERVICE_WORKER_FILE : 'assets/[name]-[hash].js',
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    generateBundle(_output, bundle) {
      const chunks = chunksOf(bundle);
      const worker = chunks.find((chunk) => chunk.name === WORKER_CHUNK);
      const app = chunks.find((chunk) => chunk.isEntry && chunk !== worker);
      if (!worker || !app) return this.error('service worker or app entry missing from the bundle');
      if (worker.imports.length > 0) this.error('the service worker must not share chunks with the app');

      // Throws (failing the build) when an offline module is missing.
      const files = precacheFiles(
        chunks,
        app,
        options.offlineModules.map((module) => path.resolve(root, module)),
      );

      const version = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) version.update(name);
      const shell = bundle['index.html'];
      if (shell?.type === 'asset') version.update(shell.source);
      for (const file of options.publicFiles) version.update(fs.readFileSync(path.join(publicDir, file)));

      const manifest: PrecacheManifest = {
        version: version.digest('hex').slice(0, 16),
        urls: [APP_SHELL_URL, ...[...files, ...options.publicFiles].map((file) => `/${file}`)],
      };
      if (!worker.code.includes(PRECACHE_PLACEHOLDER))
        this.error(`${PRECACHE_PLACEHOLDER} not found in the worker`);
      worker.code = worker.code.replace(PRECACHE_PLACEHOLDER, JSON.stringify(manifest));
    },
  };
}
