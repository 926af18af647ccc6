import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../vite-plugins/precompress';

const backendUrl = process.env.LABELWISE_BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  // Served by the API at /admin (admin/dist).
  base: '/admin/',
  // The hoisted plugin is typed against the root vite (8); this package builds with vite 7.
  // .br and .gz beside each text file, served by the API by Accept-Encoding.
  plugins: [react() as unknown as PluginOption, precompress()],
  server: {
    port: 5174,
    proxy: { '/api': backendUrl },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (id.includes('node_modules/firebase') || id.includes('node_modules/@firebase'))
            return 'firebase';
          if (/node_modules\/(@mui|@emotion)\//.test(id)) return 'mui';
          return undefined;
        },
      },
    },
  },
});
