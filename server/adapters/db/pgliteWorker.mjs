// PGlite's thread (started by pglite.ts): the WASM database runs here so the server's event loop stays free while it
// works. Plain JavaScript so that it loads as is under tsx, vitest and node alike. Messages: see pglite.ts.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';

const ROLLBACK = Symbol('rollback');
// pg_trgm: the board's search indexes (migration 015); PostgreSQL ships it in its contrib modules.
// The module compiled and the bundle read once by the main thread (pglite.ts).
const pg = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm }, pgliteWasmModule: workerData.pgliteWasmModule, fsBundle: new Blob([workerData.fsBundle]) });
/** Open transactions: the PGlite transaction object and the function that ends it; and each one's ending. */
const open = new Map();
const finished = new Map();
/** The channels this thread LISTENs on. */
const listening = new Set();
let nextTx = 1;

/** An error as plain data: its message and fields (code, detail, constraint…) survive the trip to the main thread. */
const plain = (error) => {
  const fields = {};
  if (error && typeof error === 'object') for (const [key, value] of Object.entries(error)) if (key !== 'params' && key !== 'query' && typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  return { message: error instanceof Error ? error.message : String(error), name: error instanceof Error ? error.name : 'Error', fields };
};

const target = (tx) => (tx ? open.get(tx).tx : pg);

async function handle(message) {
  switch (message.op) {
    case 'query':
      return (await target(message.tx).query(message.sql, message.params)).rows;
    case 'exec':
      await target(message.tx).exec(message.sql);
      return null;
    case 'begin': {
      const tx = nextTx++;
      return new Promise((started, failed) => {
        let begun = false;
        const done = pg
          .transaction(async (handle) => {
            const ended = new Promise((end) => open.set(tx, { tx: handle, end }));
            begun = true;
            started(tx);
            if (!(await ended)) throw ROLLBACK;
          })
          .catch((error) => {
            if (error !== ROLLBACK) throw error;
          });
        finished.set(tx, done);
        done.catch((error) => {
          if (!begun) failed(error);
        });
      });
    }
    case 'end': {
      // The ending call answers once the commit (or rollback) is done, with the commit's error if it failed.
      const done = finished.get(message.tx);
      finished.delete(message.tx);
      const entry = open.get(message.tx);
      open.delete(message.tx);
      entry.end(message.commit);
      await done;
      return null;
    }
    case 'listen':
      // One subscription per channel: the parent keeps one listener per channel, and a second pg.listen would post
      // every notification twice.
      if (listening.has(message.channel)) return null;
      listening.add(message.channel);
      await pg.listen(message.channel, (payload) => parentPort.postMessage({ channel: message.channel, payload }));
      return null;
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: plain(error) }),
  );
});
parentPort.postMessage({ ready: true });
