// Gzipped JS and CSS of the home route's initial load and of each lazy chunk, against bench/budget.json.
// Needs a build (`npm run build`). `npm test` runs the same check and fails when a budget is exceeded.
import path from 'node:path';
import { measureBundle, ownBudgetChunks, printBundle } from './lib/bundle.ts';

export async function run() {
  const dist = path.join(import.meta.dirname, '..', 'dist');
  const report = measureBundle(dist, path.join(import.meta.dirname, 'budget.json'), ownBudgetChunks(dist));
  printBundle(report);
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
