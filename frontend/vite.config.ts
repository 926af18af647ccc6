import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './vite-plugins/service-worker';
import { precompress } from '../vite-plugins/precompress';

const backendUrl = process.env.LABELWISE_BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The hoisted plugin is typed against the root vite (8); this package builds with vite 7.
  plugins: [
    react() as unknown as PluginOption,
    serviceWorker({
      entry: 'src/features/pwa/service-worker/service-worker.ts',
      // Home (in the start-up chunk), the analyser and everything the layout opens work offline
      // without a previous visit.
      offlineModules: [
        'src/features/scan/scan-page.tsx',
        'src/features/scan/components/camera-overlay.tsx',
        'src/shared/auth/firebase-auth.ts',
        'src/shared/auth/components/sign-in-dialog.tsx',
        'src/app/layout/user-menu.tsx',
        'src/app/layout/mobile-menu-drawer.tsx',
        'src/shared/toast/app-toaster.tsx',
      ],
      publicFiles: ['manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png'],
    }),
    // .br and .gz beside each text file, served by the API by Accept-Encoding.
    precompress(),
  ],
  server: {
    proxy: {
      '/api': backendUrl,
      '/articles': backendUrl,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // Read by the API to preload a shared page's chunks (dist/.vite/, never served).
    manifest: true,
    rollupOptions: {
      output: {
        // Shared modules of a few hundred bytes each would cost a request (and its headers) each.
        experimentalMinChunkSize: 8_000,
        manualChunks(id) {
          if (id.includes('node_modules/firebase') || id.includes('node_modules/@firebase'))
            return 'firebase';
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
            return 'react';
          // A label language's words, each in a chunk of its own that only a label in it loads: left to
          // the merging above, small shared modules of /scan and the product page land in them, and
          // those pages then load a whole vocabulary for nothing.
          const vocabulary = /reference-data\/src\/generated\/vocabulary\/([a-z]{2})\./.exec(id);
          if (vocabulary) return `vocabulary-${vocabulary[1]}`;
          return undefined;
        },
      },
    },
  },
});
