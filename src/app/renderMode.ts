/**
 * Whether the first render is hydrating HTML the server rendered (server/plugins/spa.ts, src/entry-server.tsx). While it
 * is, every input of the first render must be what the server used: the clock is the server's ("now" decides the home
 * form's default date and time), and views render at once what the server rendered (no staged commits, no lazy swaps).
 * The server sets it for each render; the browser for its hydration, and clears it once the hydration has committed.
 */
let serverClock: Date | null = null;

export function startHydration(now: Date): void {
  serverClock = now;
}

export function endHydration(): void {
  serverClock = null;
}

export function isHydrating(): boolean {
  return serverClock !== null;
}

/** The time the first render reads: the server's while hydrating, the browser's otherwise. */
export function renderNow(): Date {
  return serverClock ? new Date(serverClock) : new Date();
}
