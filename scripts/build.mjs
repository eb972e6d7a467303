// `npm run build`: the website (vite build → dist/, or DIST_DIR) and its server renderer (vite build --ssr →
// dist/.ssr/entry-server.js, read by server/web/renderer.ts). Extra arguments go to both builds (e.g. --logLevel warn).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const extra = process.argv.slice(2);
for (const args of [['build', ...extra], ['build', '--ssr', ...extra]]) {
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
