import { DRIVER_MESSAGES } from '../../../contract/driver.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { createDriversRepository } from './repository.ts';

/** Keeps a tap's success answer in the transaction that applies it (so the two commit together or not at all). */
export type RecordTap = (tx: Queryable, answer: unknown) => Promise<void>;

/** What a tap is answered: the status and body, the same for the tap and every replay of its key. */
export interface TapOutcome {
  statusCode: number;
  body: unknown;
}

/**
 * A status tap of the driver's app, applied once (issue 32). The phone makes a key (a UUID) per tap and sends it with
 * every attempt; driver_taps keeps the first answer under (site, driver, key):
 * - a key already answered gets that answer again, whatever the job is now (the tap is not applied again);
 * - a new key runs `apply`, which records its answer with `record` inside its own transaction; two attempts of one key
 *   at once meet at the booking's row lock or the key's unique index, and the later is answered with the earlier's;
 * - a refusal (a DomainError: the job changed, too early …) is kept as the answer too (`refusal` makes its status and
 *   body, the error handler's), so a replay is refused alike.
 * A key used for another target (another job or step) is refused (422) and changes nothing.
 */
export async function answerOnce(
  db: Db,
  tap: { siteId: number; driverId: number; key: string; target: string },
  apply: (record: RecordTap) => Promise<unknown>,
  refusal: (error: DomainError) => TapOutcome,
): Promise<TapOutcome> {
  const repository = createDriversRepository(db);
  const earlier = async (): Promise<TapOutcome | null> => {
    const found = await repository.tap(tap.siteId, tap.driverId, tap.key);
    if (!found) return null;
    if (found.target !== tap.target) throw new DomainError('unprocessable', DRIVER_MESSAGES.tapKeyReused);
    return { statusCode: found.statusCode, body: found.answer };
  };
  const first = await earlier();
  if (first) return first;
  try {
    const body = await apply((tx, answer) => createDriversRepository(tx).recordTap(tap.siteId, tap.driverId, tap.key, tap.target, 200, answer));
    return { statusCode: 200, body };
  } catch (error) {
    // Another attempt of the same key got there first: its answer is this one's.
    const raced = await earlier();
    if (raced) return raced;
    if (!(error instanceof DomainError)) throw error;
    const outcome = refusal(error);
    if (outcome.statusCode >= 500 || outcome.statusCode === 429) throw error;
    await repository.recordTap(tap.siteId, tap.driverId, tap.key, tap.target, outcome.statusCode, outcome.body, true);
    return (await earlier()) ?? outcome;
  }
}
