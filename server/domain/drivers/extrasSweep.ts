import { settleAbandonedCharge, settleHeldExtras, type ExtrasChargeDeps } from './completion.ts';
import { createCompletionRepository } from './completionRepository.ts';
import type { Site } from '../sites/index.ts';

/**
 * The sweep of the driver's extras charges (issue 32): a card booking's extras claim left 'charging' for longer than
 * ABANDONED_CLAIM (the process died between claiming the charge and recording the processor's answer) is settled by
 * the processor's own record of the charge (completion.ts settleAbandonedCharge): succeeded → recorded once, refused
 * → failed, 3-D Secure → owing and the passenger mailed once, never received → charged now under the same key.
 * It also re-reads at the processor the charges held while extras are owing ('requires_action': the off-session charge
 * waiting for 3-D Secure, or the passenger's card on the manage page), each at most once per HELD_RECHECK, 50 a run:
 * one the passenger confirmed at their bank is recorded as paid once, even when the webhook was missed or there is
 * none (the sandbox); one cancelled frees its hold, the extras still owing (completion.ts settleHeldExtras).
 * Every process sweeps each minute; one UPDATE gives each abandoned claim, and each held charge, to one of them.
 */
const BATCH = 50;

export function createExtrasSweep(deps: ExtrasChargeDeps) {
  /** Runs `settle` for each row on its site, a failure logged and left for the next run; the number settled. */
  async function settleEach(rows: { site_id: number; booking_id: number }[], settle: (site: Site, bookingId: number) => Promise<number>, failure: string): Promise<number> {
    if (rows.length === 0) return 0;
    const sites = await deps.cache.sites();
    let settled = 0;
    for (const row of rows) {
      const site = sites.find((candidate) => candidate.id === row.site_id);
      if (!site) continue;
      try {
        settled += await settle(site, row.booking_id);
      } catch (error) {
        deps.log?.warn({ site_id: site.id, booking_id: row.booking_id, err: error }, failure);
      }
    }
    return settled;
  }

  async function runOnce(): Promise<{ settled: number }> {
    const repository = createCompletionRepository(deps.db);
    const abandoned = await settleEach(
      await repository.abandonedCharges(BATCH),
      async (site, bookingId) => {
        const outcome = await settleAbandonedCharge(deps, site, bookingId);
        if (!outcome) return 0;
        deps.log?.info({ site_id: site.id, booking_id: bookingId, outcome }, "an abandoned charge of the driver's extras settled");
        return 1;
      },
      "an abandoned charge of the driver's extras not settled yet",
    );
    // The held charges re-read at the processor: those recorded as paid or released count.
    const held = await settleEach(
      await repository.takeHeldCharges(BATCH),
      async (site, bookingId) => {
        let settled = 0;
        for (const intentId of await repository.heldIntents(site.id, bookingId)) {
          const outcome = await settleHeldExtras(deps, site, bookingId, await deps.payments.retrieveIntent(site.id, intentId));
          if (outcome === 'paid' || outcome === 'released') settled += 1;
        }
        return settled;
      },
      "a held charge of the driver's extras not re-read yet",
    );
    return { settled: abandoned + held };
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
