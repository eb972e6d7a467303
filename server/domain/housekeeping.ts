import type { Db } from '../adapters/db/index.ts';
import type { StoragePort } from '../adapters/storage/index.ts';
import { sweepUnusedUploadsForAllSites } from './catalogue/uploadSweep.ts';
import { runRetentionForAllSites } from './retention/retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The server's daily work, an hour after start and then once a day (the timers never keep the process alive): personal
 * data past the retention period anonymised or deleted, and uploaded pictures no category ever used deleted. Each job
 * runs on its own, so one failing does not stop the other.
 */
export function startHousekeeping(deps: { db: Db; storage: StoragePort; log: Log; now?: () => Date }, firstDelayMs = 60 * 60_000): () => void {
  const { db, storage, log } = deps;
  const now = deps.now ?? (() => new Date());
  const run = async () => {
    await runRetentionForAllSites(db, now()).then(
      (results) => {
        const anonymised = results.reduce((sum, result) => sum + result.anonymised, 0);
        const deleted = results.reduce((sum, result) => sum + Object.values(result.deleted).reduce((a, b) => a + b, 0), 0);
        if (anonymised + deleted > 0) log.info({ anonymised, deleted }, 'retention: personal data past the retention period anonymised or deleted');
      },
      (error: unknown) => log.error({ err: error }, 'retention run failed'),
    );
    await sweepUnusedUploadsForAllSites(db, storage, now()).then(
      (results) => {
        const deleted = results.flatMap((result) => result.deleted);
        if (deleted.length > 0) log.info({ deleted }, 'uploads: pictures no category used deleted');
      },
      (error: unknown) => log.error({ err: error }, 'uploads sweep failed'),
    );
  };
  let daily: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void run();
    daily = setInterval(() => void run(), DAY_MS);
    daily.unref();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    if (daily) clearInterval(daily);
  };
}
