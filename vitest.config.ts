import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LongestFirstSequencer } from './tests/helpers/sequencer.ts';

// Three projects: `unit` (pure modules, machines, React views under happy-dom),
// `api` (the provider against a real migrated database: PGlite, or PostgreSQL when DATABASE_URL is set),
// `e2e` (the built app served by the real server, driven in Debian's Chromium; it includes the model-based UI paths,
// tests/e2e/paths.test.ts).
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/helpers/unit-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/pgliteTemplate.setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One file at a time, unless CABFLOW_API_WORKERS says more: `npm test` runs the PGlite pass two at a time
          // (measured at about 320 CPU-seconds in 296 s one at a time: one core busy, the other idle but for the unit
          // tests beside it), and the PostgreSQL pass (on Node 24 in CI) two at a time as well.
          maxWorkers: Number(process.env.CABFLOW_API_WORKERS ?? 1),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/pgliteTemplate.setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: each has its own server and browser. Three were measured on 26 November (full
          // `npm test`, quiet machine): 1 161 s against 1 138 s at two, load 16 on two cores, every file 1.3–2× slower:
          // the phase is CPU-bound, so more files at once buy nothing. CABFLOW_E2E_WORKERS overrides it.
          maxWorkers: Number(process.env.CABFLOW_E2E_WORKERS ?? 2),
          // Its own group: projects run together (`vitest run`) with different maxWorkers need distinct orders.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
