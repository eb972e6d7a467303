import { settleAbandonedCharge, type ExtrasChargeDeps } from './completion.ts';
import { createCompletionRepository } from './completionRepository.ts';

/**
 * The sweep of the driver's extras charges (issue 32): a card booking's extras claim left 'charging' for longer than
 * ABANDONED_CLAIM (the process died between claiming the charge and recording the processor's answer) is settled by
 * the processor's own record of the charge (completion.ts settleAbandonedCharge): succeeded → recorded once, refused
 * → failed, 3-D Secure → owing and the passenger mailed once, never received → charged now under the same key.
 * Every process sweeps each minute; one UPDATE gives each abandoned claim to one of them.
 */
export function createExtrasSweep(deps: ExtrasChargeDeps) {
  async function runOnce(): Promise<{ settled: number }> {
    const abandoned = await createCompletionRepository(deps.db).abandonedCharges(50);
    if (abandoned.length === 0) return { settled: 0 };
    const sites = await deps.cache.sites();
    let settled = 0;
    for (const row of abandoned) {
      const site = sites.find((candidate) => candidate.id === row.site_id);
      if (!site) continue;
      try {
        const outcome = await settleAbandonedCharge(deps, site, row.booking_id);
        if (outcome) {
          settled += 1;
          deps.log?.info({ site_id: site.id, booking_id: row.booking_id, outcome }, "an abandoned charge of the driver's extras settled");
        }
      } catch (error) {
        deps.log?.warn({ site_id: site.id, booking_id: row.booking_id, err: error }, "an abandoned charge of the driver's extras not settled yet");
      }
    }
    return { settled };
  }

  /** Runs every `everyMs` (the timer never keeps the process alive); returns the stop, which waits for a run under way. */
  function start(everyMs = 60_000): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(runOnce).catch(() => undefined);
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  return { runOnce, start };
}

export type ExtrasSweep = ReturnType<typeof createExtrasSweep>;
