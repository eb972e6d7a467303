import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `server/main.ts` as its own process (as `npm start` does) and waits for its "running at" line; `cwd`: another
 * checkout's server (a baseline build beside this one, bench/tapSpeed.bench.ts).
 */
export function startServerProcess(env: Record<string, string>, { cwd = root }: { cwd?: string } = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', ADMIN_TOKEN: 'bench-admin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // Generous: on a machine busy with other work, tsx compiling the server alone has taken over a minute.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /cabflow is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
        resolve({
          url: match[1],
          child,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
