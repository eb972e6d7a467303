import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LongestFirstSequencer } from './tests/helpers/sequencer.ts';

// Three projects: `unit` (pure modules, machines, React views under happy-dom; `unit-isolated` holds the few files that
// need modules of their own),
// `api` (the provider against a real migrated database: PGlite, or PostgreSQL when DATABASE_URL is set),
// `e2e` (the built app served by the real server, driven in Debian's Chromium; it includes the model-based UI paths,
// tests/e2e/paths.test.ts).
const UNIT_TEST_TIMEOUT = 20_000;
const UNIT_FILES = ['contract/**/*.test.ts', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'];
/** Unit files that need modules of their own: they mock a module (vi.mock), or their views' module state must start fresh. */
const UNIT_ISOLATED = [
  'src/views/card/StripeCardForm.test.tsx',
  'src/views/manageBooking/ChangePayment.test.tsx',
  'src/maps/GoogleRouteMap.test.tsx',
  // Each case is a new page: a fresh loader and @googlemaps/js-api-loader (vi.resetModules), whose options are per module.
  'src/maps/googleLoader.test.ts',
  'src/app/Shell.test.tsx',
  'src/components/address/AddressAutocomplete.test.tsx',
];

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          environment: 'node',
          setupFiles: ['tests/helpers/unit-setup.ts'],
          // The files of a worker share their imports: importing was three quarters of the phase (59 of 79 s alone).
          isolate: false,
          // npm test runs the unit tests beside the API tests and the type check on two cores: a view test of half a
          // second alone took over 5 s (vitest's default) in a run under that load. A timeout catches a hang, not slowness.
          testTimeout: UNIT_TEST_TIMEOUT,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          // Through Vite rather than Node's own import, so vi.resetModules gives googleLoader.test.ts a fresh package.
          server: { deps: { inline: ['@googlemaps/js-api-loader'] } },
          setupFiles: ['tests/helpers/unit-setup.ts'],
          testTimeout: UNIT_TEST_TIMEOUT,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/pgliteTemplate.setup.ts'],
          environment: 'node',
          // Most API tests take 0.1–2 s alone; beside the unit tests and the type check on two cores the heaviest (20
          // concurrent card changes, thousands of fuzz cases) took up to 30 s in a CI-order run. A timeout catches a hang.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time, unless CABFLOW_API_WORKERS says more: `npm test` runs the PGlite pass two at a time
          // (measured at about 320 CPU-seconds in 296 s one at a time: one core busy, the other idle but for the unit
          // tests beside it), and the PostgreSQL pass (on Node 24 in CI) two at a time as well.
          maxWorkers: Number(process.env.CABFLOW_API_WORKERS ?? 1),
          // Files of a worker share their imported modules (each still starts its own server on its own database): the
          // server's import was half the phase's CPU (PGlite pass, two at a time: 357 s and 640 CPU-seconds isolated,
          // 199 s and 345 CPU-seconds shared, 2 December). No API test mocks a module.
          isolate: false,
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
          // In CI a failed browser test runs once more: a flow that fails twice fails the run, and one that passed on
          // its second go is named at the end of `npm test` ("Passed on a retry"), so a flaky test is seen, not hidden.
          retry: process.env.CI ? 1 : 0,
          // Two files at a time: each has its own server and browser. Three were measured on 26 November (full
          // `npm test`, quiet machine): 1 161 s against 1 138 s at two, load 16 on two cores, every file 1.3–2× slower:
          // the phase is CPU-bound, so more files at once buy nothing. CABFLOW_E2E_WORKERS overrides it.
          maxWorkers: Number(process.env.CABFLOW_E2E_WORKERS ?? 2),
          // As in the API project: the files of a worker share their imports; each keeps its own server and browser.
          isolate: false,
          // Its own group: projects run together (`vitest run`) with different maxWorkers need distinct orders.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
