/**
 * Hydrating HTML the server rendered (server/web/renderer.ts, src/entry-server.tsx): while React hydrates a part of the
 * page, that part's first render must be what the server rendered, with the clock the page says it was rendered at
 * ("now" decides the home form's default date and time). Two ways to know:
 * - `useHydrating()` (React reads a store's server snapshot while hydrating, and on the server). After the hydration
 *   React re-renders the component synchronously with the browser's value: for small components only.
 * - `claimServerRender(part)` for a large part mounted once per page (the home view, its forms): true on the server
 *   and for the part's first mount on a server-rendered page, which is its hydration; no re-render.
 */
import { useSyncExternalStore } from 'react';

let renderedAt: number | null = null;
const claimed = new Set<string>();

/** The time the server rendered the page at (the server, for each render; the browser, from #root's data-rendered-at). */
export function setRenderedAt(time: number | null): void {
  renderedAt = time;
  claimed.clear();
}

export function claimServerRender(part: string): boolean {
  if (typeof window === 'undefined') return true;
  if (renderedAt === null || claimed.has(part)) return false;
  claimed.add(part);
  return true;
}

const subscribeNever = () => () => {};

/** True while this component hydrates server-rendered HTML (and on the server); false in any later or client render. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/** "Now" for a first render: the server's render time while hydrating, else the browser's clock. */
export function renderNow(hydrating: boolean): Date {
  return hydrating && renderedAt !== null ? new Date(renderedAt) : new Date();
}
