// Fails (exit 1) when the built site exceeds bench/budget.json: run by `npm test` after the build.
import path from 'node:path';
import { measureBundle, printBundle } from '../bench/lib/bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const report = measureBundle(process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist'), path.join(root, 'bench', 'budget.json'));
printBundle(report);
process.exit(report.overBudget.length ? 1 : 0);
