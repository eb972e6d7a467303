import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA is built into dist/ and served by the provider (server/plugins/spa.ts).
// In `npm run dev` Vite proxies the API calls to the provider on PORT (default 8080).
const apiTarget = process.env.VITE_API_HOST ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // manifest: server/plugins/spa.ts reads .vite/manifest.json to name a route's lazy chunk (and its imports and CSS)
  // in the HTML it serves for that route, so the browser fetches them with the entry instead of after it has run.
  build: { outDir: process.env.DIST_DIR ?? 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/storage': apiTarget, '/embed.js': apiTarget },
  },
});
