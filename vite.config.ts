import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { withoutCommentLines } from './server/web/plainScript.ts';

// The SPA is built into dist/ and served by the provider (server/web/); `vite build --ssr` then builds the
// server renderer (src/entry-server.tsx) into dist/.ssr/, self-contained (its packages bundled in, so a build made
// anywhere, such as a test's DIST_DIR, runs without node_modules beside it). Dot-folders are never served.
// In `npm run dev` Vite proxies the API calls to the provider on PORT (default 8080).
const apiTarget = process.env.VITE_API_HOST ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const outDir = process.env.DIST_DIR ?? 'dist';

/**
 * Everything the entry imports statically (rolldown's `$initial` tag) is one chunk: the entry's own. Left to itself,
 * rolldown 1.2 gives each module that the entry shares with a lazy chunk a chunk of its own whenever its merge of common
 * chunks into the entry bails out, which it did once machines/booking/booking.types.ts re-exported a value
 * (PASSENGER_MODES) that the home page does not use: 35 files and 143.0 kB gzip for the home page. As one chunk: 2 files
 * (this and rolldown's runtime), 132.1 kB, and each lazy route a little smaller (scripts/check-bundle.ts prints them).
 * Lazy chunks import what they share with home from the entry chunk, which is always loaded before them.
 */
const STARTUP_CHUNK = { name: 'index', tags: ['$initial' as const] };

/** The build's copy of public/boot.js without its comment lines: every page loads it (0.7 kB gzip instead of 1.4). */
const plainBootScript: Plugin = {
  name: 'cabflow:plain-boot-script',
  apply: 'build',
  closeBundle() {
    const file = path.resolve(import.meta.dirname, outDir, 'boot.js');
    if (existsSync(file)) writeFileSync(file, withoutCommentLines(readFileSync(file, 'utf8')));
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: isSsrBuild ? [react()] : [react(), plainBootScript],
  // manifest: server/web/routeAssets.ts reads .vite/manifest.json to name a route's lazy chunk (and its imports and CSS)
  // in the HTML it serves for that route, so the browser fetches them with the entry instead of after it has run.
  build: isSsrBuild
    ? { outDir: `${outDir}/.ssr`, emptyOutDir: true, sourcemap: false, target: 'node20', copyPublicDir: false, rollupOptions: { input: 'src/entry-server.tsx' } }
    : { outDir, emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true, rolldownOptions: { output: { codeSplitting: { groups: [STARTUP_CHUNK] } } } },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/storage': apiTarget, '/embed.js': apiTarget },
  },
}));
