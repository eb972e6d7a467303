// `npm run bench`: runs every benchmark in bench/*.bench.ts one after another, prints their figures
// and writes them all to reports/bench.json. `npm run bench -- lighthouse` runs only the matching ones (here
// bench/lighthouse.bench.ts: Lighthouse mobile and desktop on five pages, LIGHTHOUSE_RUNS times each); several names
// run each of them (`npm run bench -- quote booking card scaleout`: issue 20's server figures).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { issue20Goals } from './lib/goals.ts';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const results: Record<string, unknown> = {
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  at: new Date().toISOString(),
};
for (const file of readdirSync(dir).filter((name) => name.endsWith('.bench.ts')).sort()) {
  const name = file.replace(/\.bench\.ts$/, '');
  if (filters.length > 0 && !filters.some((filter) => name.includes(filter))) continue;
  console.log(`\n=== bench/${file}`);
  const module = (await import(path.join(dir, file))) as { run: () => Promise<unknown> };
  results[name] = await module.run();
}
const goals = issue20Goals(results);
if (goals.length > 0) {
  console.log('\nIssue 20 goals (each beside the trivial route of its own run):');
  console.table(goals);
  results.issue20Goals = goals;
}
const out = path.join(dir, '..', 'reports', 'bench.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
