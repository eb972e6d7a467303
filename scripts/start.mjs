// `npm start`: builds the website when dist/ is missing or older than its sources, then runs the provider.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
};
const built = path.join(root, 'dist', '.ssr', 'entry-server.js');
const sources = Math.max(...['src', 'machines', 'contract', 'public'].map((dir) => newest(path.join(root, dir))), statSync(path.join(root, 'index.html')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('cabflow: building the website (npm run build)…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 0);
