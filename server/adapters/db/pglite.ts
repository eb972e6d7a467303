import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireDataDirLock } from './lock.ts';
import { createDbStats, statement, type Db, type Queryable } from './port.ts';

type Request = { op: 'query'; sql: string; params?: unknown[]; tx?: number } | { op: 'exec'; sql: string; tx?: number } | { op: 'begin' } | { op: 'end'; tx: number; commit: boolean } | { op: 'listen'; channel: string } | { op: 'close' };
type Reply = { id: number; result?: unknown; error?: { message: string; name: string; fields: Record<string, unknown> } } | { channel: string; payload: string } | { ready: true };

/** A failure the worker reported, as the Error PGlite threw there: its message and fields (code, detail, constraint…). */
const failure = (error: { message: string; name: string; fields: Record<string, unknown> }) => Object.assign(new Error(error.message), error.fields, { name: error.name });

/**
 * PGlite's WASM module compiled once per process and its file-system bundle read once, handed to each database's
 * worker (compiling the module in every worker cost about 3 s of CPU per database opened: the tests open hundreds).
 */
let pgliteFiles: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Uint8Array }> | null = null;
function loadPgliteFiles() {
  pgliteFiles ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, fsBundle] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle };
  })();
  return pgliteFiles;
}

/**
 * Embedded PostgreSQL (PGlite, WASM) in DATA_DIR/pgdata. One connection, run on a worker thread (pgliteWorker.mjs) so
 * the server's event loop goes on with HTTP, pricing and serialising while the database works; writes survive a
 * killed process but are not fsynced: fine for a demo or a small operator, PostgreSQL for production. Statements are
 * counted here, on the main thread, as they are sent.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const files = await loadPgliteFiles();
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir: path.join(dataDir, 'pgdata'), ...files } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const listeners = new Map<string, (payload: string) => void>();
  let nextId = 1;
  let exited: Error | null = null;
  // The worker keeps the process alive only while a call waits for it (an idle database, like the old in-thread one, does not).
  const idle = () => {
    if (waiting.size === 0) worker.unref();
  };
  let starting: Array<[string, Parameters<Worker['on']>[1]]> = [];
  try {
    await new Promise<void>((ready, failed) => {
      starting = [
        ['error', failed],
        ['exit', (code: number) => failed(new Error(`the PGlite worker exited with ${code}`))],
        ['message', (message: Reply) => ('ready' in message ? ready() : failed(new Error('the PGlite worker did not start')))],
      ];
      for (const [event, listener] of starting) worker.on(event, listener);
    });
  } catch (error) {
    releaseLock();
    await worker.terminate();
    throw error;
  } finally {
    for (const [event, listener] of starting) worker.off(event, listener);
  }
  worker.on('message', (message: Reply) => {
    if ('channel' in message) return listeners.get(message.channel)?.(message.payload);
    if (!('id' in message)) return;
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    idle();
    if (message.error) call?.reject(failure(message.error));
    else call?.resolve(message.result);
  });
  const stop = (error: Error) => {
    exited = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the PGlite worker exited with ${code}`)));
  idle();

  const call = <T>(request: Request): Promise<T> => {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    if (waiting.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const stats = createDbStats();
  const queryable = (tx?: number): Queryable => ({
    async query(sql, params) {
      stats.count(sql);
      return { rows: await statement(call<never[]>({ op: 'query', sql, params: params as unknown[] | undefined, tx })) };
    },
    async exec(sql) {
      stats.count(sql);
      await statement(call({ op: 'exec', sql, tx }));
    },
  });
  return {
    kind: 'pglite',
    stats,
    ...queryable(),
    async transaction(fn) {
      stats.count('BEGIN');
      const tx = await statement(call<number>({ op: 'begin' }));
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        stats.count('ROLLBACK');
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      stats.count('COMMIT');
      await statement(call({ op: 'end', tx, commit: true }));
      return result;
    },
    async listen(channel, onPayload) {
      listeners.set(channel, onPayload);
      await call({ op: 'listen', channel });
    },
    async notify(channel, payload) {
      stats.count('SELECT pg_notify($1, $2)');
      await statement(call({ op: 'query', sql: 'SELECT pg_notify($1, $2)', params: [channel, payload] }));
    },
    async close() {
      try {
        if (!exited) await call({ op: 'close' });
        await worker.terminate();
      } finally {
        releaseLock();
      }
    },
  };
}
