/**
 * Server rendering of the routes whose first screen depends only on the site's public catalogue (never on what a
 * visitor saved in the browser): built by `vite build --ssr` into dist/.ssr/ and called by server/web/renderer.ts,
 * which puts the HTML into #root. The browser hydrates it (src/main.tsx) when it has nothing saved that would change
 * the first render, so a phone paints the page itself from the HTML instead of after the JavaScript has run.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { settingsFromRows } from '../contract/settings.ts';
import type { RenderedTripInput } from '../contract/tripCookie.ts';
import type { BookingInput } from '../machines/booking/booking.context.ts';
import { App } from './app/App.tsx';
import { bookingOnStep } from './app/booking/bookingOnStep.ts';
import { bootstrapInput } from './app/bootstrap.ts';
import { setRenderedAt } from './app/renderMode.ts';

/** Lower-case paths (src/app/routes.tsx) the server renders from the catalogue alone. */
export const SERVER_RENDERED_ROUTES: readonly string[] = ['/', '/home', '/ourfleet', '/contactus', '/login', '/forgot_password'];
/** The booking steps it renders from a visitor's trip (the trip cookie, contract/tripCookie.ts): exact paths. */
export { TRIP_COOKIE_PATHS as TRIP_RENDERED_ROUTES } from '../contract/tripCookie.ts';

/**
 * The HTML of `url`'s first screen as the browser's hydration will render it at `now`, from the catalogue data the page
 * embeds (read as the browser reads it) and, for a booking step, the visitor's trip: a booking actor started from it
 * and put on the step (with the catalogue's settings), as src/app/booking/preparedStep.ts does in the browser; null when
 * the trip does not lead to `url`. Lazy views are awaited; a render that does not settle within `timeoutMs` is
 * abandoned (rejects), and the page is served without it.
 */
export async function renderPage(url: string, catalogue: unknown, now: Date, trip: RenderedTripInput | null = null, timeoutMs = 2000): Promise<string | null> {
  const input = bootstrapInput(catalogue);
  const logic = trip ? (await import('./app/booking/bookingLogic.ts')).bookingLogic : null;
  const booking = logic ? bookingOnStep(logic, { idempotencyKey: '', settings: settingsFromRows(input.settings), ...(trip as Omit<BookingInput, 'idempotencyKey'>) }, url) : null;
  if (trip && !booking) return null;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`server render of ${url} took over ${timeoutMs} ms`)), timeoutMs);
  setRenderedAt(now.getTime());
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App input={input} ssrPath={url} booking={booking} />
      </StrictMode>,
      { signal: abort.signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (error) => (abort.signal.aborted ? undefined : console.error(error)) },
    );
    if (abort.signal.aborted) throw abort.signal.reason;
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
    booking?.stop();
  }
}
