import { fork, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A build to measure: a tree of the project (this working tree, or a commit checked out beside it). */
export interface Build {
  label: string;
  root: string;
  remove(): void;
}

/** This working tree as it is (uncommitted changes included). */
export const workingTree = (): Build => ({ label: `this tree (${git(['rev-parse', '--short', 'HEAD'])}+)`, root, remove() {} });

function git(args: string[], cwd = root) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** `ref` checked out in a temporary worktree (detached) sharing this tree's node_modules; `remove` deletes it. */
export function checkoutBuild(ref: string): Build {
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
  const dir = mkdtempSync(path.join(tmpdir(), 'cabflow-base-'));
  git(['worktree', 'add', '--detach', '--force', dir, commit]);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    label: `${ref} (${commit})`,
    root: dir,
    remove() {
      try {
        git(['worktree', 'remove', '--force', dir]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface BuildServer {
  build: Build;
  url: string;
  /** CPU milliseconds the server's process has used so far. */
  cpuMs(): Promise<number>;
  /** Starts a CPU profile of the server; the returned function stops it and writes `file`. */
  profile(file: string): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

/**
 * Starts a build's server (bench/lib/buildServer.ts run against that build's tree) in a process of its own.
 * `databaseAdminUrl`: a PostgreSQL server on which it creates a database of its own; else PGlite in a temp directory.
 */
export function startBuildServer(build: Build, databaseAdminUrl: string | null): Promise<BuildServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
  delete env.TEST_DATABASE_URL;
  delete env.CABFLOW_TEST_PGDATA_TEMPLATE;
  if (databaseAdminUrl) env.TEST_DATABASE_URL = databaseAdminUrl;
  const child: ChildProcess = fork(path.join(root, 'bench/lib/buildServer.ts'), [build.root], {
    cwd: build.root,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`${build.label}: server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next('listening').then(({ url }) => ({
    build,
    url: url as string,
    async cpuMs() {
      const answer = next('cpu');
      child.send({ type: 'cpu' });
      return (await answer).ms as number;
    },
    async profile(file: string) {
      const started = next('profile-started');
      child.send({ type: 'profile-start' });
      await started;
      return async () => {
        const stopped = next('profile-stopped');
        child.send({ type: 'profile-stop', file });
        await stopped;
      };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.send({ type: 'stop' });
      await exited;
    },
  }));
}
