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
          // Three files at a time on CI's two cores: each has its own server and browser, and a file is mostly
          // waiting (pages settling, timers), about 0.7 of a core on average; at two files the phase took 1 138 s of
          // CI's 1 800 with a core a third idle. CABFLOW_E2E_WORKERS overrides it.
          maxWorkers: Number(process.env.CABFLOW_E2E_WORKERS ?? 3),
          // Its own group: projects run together (`vitest run`) with different maxWorkers need distinct orders.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
