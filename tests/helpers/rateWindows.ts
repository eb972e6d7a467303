import { vi } from 'vitest';

/**
 * Fixed-window limits reset on the window's edge: a burst that must stay in one window starts well inside it. When
 * the window ends within `marginSec`, this waits for the next one, up to marginSec + 1 s (121 s for the daily
 * window's 120), longer than the API tests' 30 s: a file that calls it gives its tests room with
 * `allowWindowEdgeWaits()` (one failed at 16:45 UTC, a quarter-hour edge, before).
 */
export async function awayFromWindowEdge(windowSec: number, marginSec: number) {
  const intoWindow = (Date.now() / 1000) % windowSec;
  if (windowSec - intoWindow < marginSec) await new Promise((resolve) => setTimeout(resolve, (windowSec - intoWindow + 1) * 1000));
}

/** The calling test file's test timeout, raised by the longest wait awayFromWindowEdge can make. */
export const allowWindowEdgeWaits = () => vi.setConfig({ testTimeout: 30_000 + 121_000 });
