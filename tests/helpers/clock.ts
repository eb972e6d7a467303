/**
 * The provider's clock in a test (`startTestProvider({ now: clock.now })`): real time plus an offset the test moves
 * forward. Rate limits count in fixed windows of this clock (server/plugins/rateLimit.ts), so a test moves time past a
 * window instead of waiting for it.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock forward. */
  advance(seconds: number): void;
  /** Stops the clock where it is (advance still moves it), so no real time passes between two readings. */
  freeze(): void;
  /** Lets it run on from where it stands. */
  resume(): void;
  /**
   * A burst that must stay in one fixed window of `windowSec` starts at least `marginSec` before its end: when the
   * window ends sooner, the clock moves on to 1 s into the next one (at most marginSec + 1 s ahead).
   */
  awayFromWindowEdge(windowSec: number, marginSec: number): void;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  let frozenAtMs: number | null = null;
  const now = () => new Date(frozenAtMs ?? Date.now() + offsetMs);
  return {
    now,
    advance(seconds) {
      if (frozenAtMs !== null) frozenAtMs += seconds * 1000;
      else offsetMs += seconds * 1000;
    },
    freeze() {
      frozenAtMs = now().getTime();
    },
    resume() {
      if (frozenAtMs !== null) offsetMs = frozenAtMs - Date.now();
      frozenAtMs = null;
    },
    awayFromWindowEdge(windowSec, marginSec) {
      const left = windowSec - ((now().getTime() / 1000) % windowSec);
      if (left < marginSec) this.advance(left + 1);
    },
  };
}
