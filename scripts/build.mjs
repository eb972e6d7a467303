// `npm run build`: the website (vite build → dist/, or DIST_DIR) and its server renderer (vite build --ssr →
// dist/.ssr/entry-server.js, read by server/web/renderer.ts), then the public text files precompressed
// (dist/.precompressed/). Extra arguments go to both vite builds (e.g. --logLevel warn).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const extra = process.argv.slice(2);
for (const args of [['build', ...extra], ['build', '--ssr', ...extra]]) {
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The public text files compressed once with brotli 11 (server/web/precompressed.ts): smaller on the wire than the
// server's own quality 5, too slow to make per start.
const precompress = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/web/precompressed.ts'), process.env.DIST_DIR ?? path.join(root, 'dist')], { cwd: root, stdio: 'inherit' });
if (precompress.status !== 0) process.exit(precompress.status ?? 1);
