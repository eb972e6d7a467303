/**
 * Hydrating HTML the server rendered (server/web/renderer.ts, src/entry-server.tsx): while React hydrates a part of the
 * page, that part's first render must be what the server rendered, with the clock the page says it was rendered at
 * ("now" decides the home form's default date and time). Two ways to know:
 * - `useHydrating()` (React reads a store's server snapshot while hydrating, and on the server). After the hydration
 *   React re-renders the component synchronously with the browser's value: for small components only.
 * - `useServerRenderClaim(part)` for a large part mounted once per page (the home view, its forms): true on the server
 *   and for the part's first mount on a server-rendered page, which is its hydration; no re-render.
 */
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { replayHydratedNow } from '../boot/replayEarlyInput.ts';

let renderedAt: number | null = null;
/** The parts whose hydrating mount has committed: a later mount of one is the browser's own render. */
const hydrated = new Set<string>();

/** The time the server rendered the page at (the server, for each render; the browser, from #root's data-rendered-at). */
export function setRenderedAt(time: number | null): void {
  renderedAt = time;
  hydrated.clear();
}

/**
 * Whether this mount of `part` hydrates the server's HTML: read it in a useState initializer. Every render of the
 * first mount gets the same answer until that mount commits. React may render a mount more than once before it
 * commits: a click during a time-sliced hydration makes React hydrate the clicked part again, synchronously. When the
 * first attempt used up the claim, the second rendered the browser's version (the forms not yet shown, the browser's
 * clock), React found it different from the server's HTML (error #418) and rendered the page again, dropping the
 * click ('GET A QUOTE' lost on `/` and `/home` at 1280 px, about 1 load in 20: bench/firstInput.bench.ts).
 */
export function useServerRenderClaim(part: string): boolean {
  const claimed = typeof window === 'undefined' || (renderedAt !== null && !hydrated.has(part));
  useEffect(() => {
    hydrated.add(part);
  }, [part]);
  return claimed;
}

const subscribeNever = () => () => {};

/** True while this component hydrates server-rendered HTML (and on the server); false in any later or client render. */
export function useHydrating(): boolean {
  // That render may put the app's value back into a field the visitor typed into before the hydration: what the
  // early-input recorder holds for the part's hydrated controls reaches the app first, in the hydration's own commit.
  useLayoutEffect(replayHydratedNow, []);
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
