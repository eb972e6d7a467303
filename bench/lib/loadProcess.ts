import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LoadResult } from '../lib.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** One load, as bench/lib/loadChild.ts runs it: the same options as `load`, `distinctSearchLoad`, `bookingLoad` or `cardLoad`. */
export type LoadSpec = { url: string; connections?: number; duration?: number; headers?: Record<string, string> } & (
  | { kind: 'plain'; method?: 'GET' | 'POST'; body?: string; visitors?: boolean }
  | { kind: 'distinct'; offset?: number }
  | { kind: 'booking'; tag?: string }
  | { kind: 'card'; tag?: string }
);

/**
 * Runs the load generator (autocannon) in a process of its own and returns its figures: the server's process, here
 * the bench's, then spends its CPU on the server alone (on 2 cores the two share the machine, not one event loop).
 */
export function loadInChild<T extends LoadResult = LoadResult>(spec: LoadSpec): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/loadChild.ts'), JSON.stringify(spec)], {
      cwd: root,
      // The profiler's and inspector's flags are the server's, not the load generator's.
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as T);
      else reject(new Error(`load generator exited with ${code}:\n${err || out}`));
    });
  });
}
