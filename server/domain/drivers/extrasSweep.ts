import { settleAbandonedCharge, settleHeldExtras, type ExtrasChargeDeps } from './completion.ts';
import { createCompletionRepository } from './completionRepository.ts';

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
  async function runOnce(): Promise<{ settled: number }> {
    const abandoned = await createCompletionRepository(deps.db).abandonedCharges(BATCH);
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
    return { settled: settled + (await recheckHeld()) };
  }

  /** The held charges re-read at the processor; the number recorded as paid or released. */
  async function recheckHeld(): Promise<number> {
    const repository = createCompletionRepository(deps.db);
    const held = await repository.takeHeldCharges(BATCH);
    if (held.length === 0) return 0;
    const sites = await deps.cache.sites();
    let settled = 0;
    for (const row of held) {
      const site = sites.find((candidate) => candidate.id === row.site_id);
      if (!site) continue;
      try {
        for (const intentId of await repository.heldIntents(site.id, row.booking_id)) {
          const outcome = await settleHeldExtras(deps, site, row.booking_id, await deps.payments.retrieveIntent(site.id, intentId));
          if (outcome === 'paid' || outcome === 'released') settled += 1;
        }
      } catch (error) {
        deps.log?.warn({ site_id: site.id, booking_id: row.booking_id, err: error }, "a held charge of the driver's extras not re-read yet");
      }
    }
    return settled;
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
