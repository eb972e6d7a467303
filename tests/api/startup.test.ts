import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

const root = path.resolve(import.meta.dirname, '../..');

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe.runIf(testDatabaseKind === 'pglite')('start-up faults', () => {
  let provider: TestProvider;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-lock-'));
    provider = await startTestProvider({ dataDir });
  });
  afterAll(() => provider.dispose());

  it('a second process on the same PGlite DATA_DIR refuses to start with a clear message', async () => {
    const { code, stderr } = await runMain({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(stderr).toContain(`DATA_DIR ${dataDir} is in use by another cabflow process (pid ${process.pid})`);
  });

  it('an unreachable database exits with code 1 and one line naming DATABASE_URL', async () => {
    const { code, stderr } = await runMain({ DATABASE_URL: 'postgres://cabflow:secret@127.0.0.1:1/cabflow' });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cabflow: Cannot reach the database at DATABASE_URL \(postgres:\/\/cabflow:\*\*\*@127\.0\.0\.1:1\/cabflow\)/);
    expect(stderr).not.toContain('secret');
  });

  // A fresh data directory is migrated and seeded from scratch (no template copy): seconds alone, more beside a full run.
  it('a lock left behind by a dead process is taken over', { timeout: 120_000 }, async () => {
    const stale = mkdtempSync(path.join(tmpdir(), 'cabflow-stale-'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(stale, 'cabflow.lock'), '999999');
    const second = await startTestProvider({ dataDir: stale });
    const { rows } = await second.db.query<{ n: number }>('SELECT 1 AS n');
    expect(rows).toEqual([{ n: 1 }]);
    await second.dispose();
  });
});
