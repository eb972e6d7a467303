/**
 * `npm run test:paths`: the model-based paths for QA.
 *
 *   npm run test:paths -- --list                 every generated path, its id and what it does
 *   npm run test:paths -- --list --grep card     those whose id or description matches (text or regular expression)
 *   npm run test:paths                           run the UI paths in Chromium through the real server (builds dist/, or
 *                                                DIST_DIR, if missing),
 *                                                print states and transitions covered per machine, write reports/paths.json
 *   npm run test:paths -- --grep "3-D Secure"    run only the matching UI paths
 *   options: --machine booking (repeatable), --full (also the long simple paths), --workers 3, --build (rebuild first)
 *
 * Exit status 1 when a path fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODELS } from '../tests/model/machines/index.ts';
import { formatCoverage, writeReport } from '../tests/model/report.ts';
import { DEFAULT_WORKERS, buildReport, matcher, planSuite, runSuite, startUiEnv } from '../tests/model/suite.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    list: { type: 'boolean', default: false },
    grep: { type: 'string' },
    machine: { type: 'string', multiple: true },
    full: { type: 'boolean', default: false },
    workers: { type: 'string' },
    build: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'npm run test:paths -- [--list] [--grep TEXT] [--machine ID]... [--full] [--workers N] [--build]\n' +
      '  --list     print the generated paths (machine level, and [UI] for those run in Chromium)\n' +
      '  --grep     keep paths whose id or description contains TEXT (or matches it as a regular expression)\n' +
      `  --machine  ${MODELS.map((model) => model.id).join(', ')}\n` +
      '  --full     also the simple paths (the long journeys to confirmation and the other goals)\n' +
      `  --workers  browser contexts at a time (default ${DEFAULT_WORKERS})\n` +
      '  --build    rebuild dist/ first (it is built only when missing otherwise)',
  );
  process.exit(0);
}

const started = Date.now();
const plans = planSuite({ full: values.full, grep: values.grep, machines: values.machine });
console.log(`Paths generated from the statecharts in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

if (values.list) {
  const keep = matcher(values.grep);
  let shown = 0;
  for (const plan of plans) {
    const ui = new Set(plan.selection.paths.map((p) => p.id));
    const all = new Map([...plan.generated.shortest, ...plan.generated.simple, ...plan.selection.paths].map((p) => [p.id, p]));
    const listed = [...all.values()].filter(keep);
    if (!listed.length) continue;
    console.log(`\n${plan.model.title} (${plan.model.id}): ${listed.length} paths`);
    for (const p of listed) {
      console.log(`  ${p.id}  [${p.kind}${ui.has(p.id) ? ', UI' : ''}] ${p.steps.length} steps`);
      console.log(`      ${p.description}`);
    }
    shown += listed.length;
  }
  console.log(`\n${shown} paths. Run them in Chromium with: npm run test:paths${values.grep ? ` -- --grep ${JSON.stringify(values.grep)}` : ''}`);
  process.exit(0);
}

// The server serves DIST_DIR when set (server/config.ts), and vite.config.ts builds into it.
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
if (values.build || !existsSync(path.join(distDir, '.ssr', 'entry-server.js'))) {
  console.log(`Building the website (${path.relative(root, distDir) || distDir})…`);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const total = plans.reduce((n, p) => n + p.uiPaths.length, 0);
const workers = Number(values.workers ?? DEFAULT_WORKERS);
console.log(`Running ${total} UI paths in Chromium, ${workers} at a time…`);
const env = await startUiEnv();
const runStarted = Date.now();
let done = 0;
let failed = 0;
const results = await runSuite(env, plans, workers, (result, p) => {
  done += 1;
  if (!result.passed) failed += 1;
  const mark = result.passed ? 'ok  ' : 'FAIL';
  console.log(`${mark} ${String(done).padStart(3)}/${total} ${(result.ms / 1000).toFixed(1).padStart(5)} s  ${p.id}  ${p.description}`);
  if (!result.passed) console.log(`       step ${result.failedStep}: ${result.error?.split('\n')[0]}${result.screenshot ? `\n       screenshot: ${path.relative(root, result.screenshot)}` : ''}`);
});
const runtime = Date.now() - runStarted;
await env.close();

const report = buildReport(plans, results, runtime);
const file = path.join(root, 'reports/paths.json');
writeReport(file, report);
console.log(`\n${done - failed}/${total} UI paths passed in ${(runtime / 1000).toFixed(1)} s.\n`);
// With a filter the gaps are mostly what was left out: the table only (the report has the details).
console.log(formatCoverage(report.coverage, { details: !values.grep }));
console.log(`\nReport: ${path.relative(root, file)}`);
process.exit(failed ? 1 : 0);
