/**
 * Server rendering of the routes whose first screen depends only on the site's public catalogue (never on what a
 * visitor saved in the browser): built by `vite build --ssr` into dist/.ssr/ and called by server/plugins/spa.ts,
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

/** Lower-case paths (src/app/routes.tsx) the server renders; the booking steps need the visitor's saved trip. */
export const SERVER_RENDERED_ROUTES: readonly string[] = ['/', '/home', '/ourfleet', '/contactus', '/login', '/forgot_password'];
export { TRIP_COOKIE_PATHS as TRIP_RENDERED_ROUTES } from '../contract/tripCookie.ts';

/** The booking actor's settings on a prepared step: the catalogue's (the browser does the same when it hydrates). */
export const preparedBookingSettings = (input: ReturnType<typeof bootstrapInput>) => settingsFromRows(input.settings);

/**
 * The HTML of `url`'s first screen as the browser's hydration will render it at `now`, from the catalogue data the page
 * embeds (read as the browser reads it). Lazy views are awaited; a render that does not settle within `timeoutMs` is
 * abandoned (rejects), and the page is served without it.
 */
export async function renderPage(url: string, catalogue: unknown, now: Date, trip: RenderedTripInput | null = null, timeoutMs = 2000): Promise<string> {
  const input = bootstrapInput(catalogue);
  // A booking step (the trip cookie's trip): the booking actor started from it and put on the step, as the browser will.
  const logic = trip ? (await import('./app/booking/bookingLogic.ts')).bookingLogic : null;
  const booking = logic ? bookingOnStep(logic, { idempotencyKey: '', settings: preparedBookingSettings(input), ...(trip as Omit<BookingInput, 'idempotencyKey'>) }, url) : null;
  if (trip && !booking) throw new Error(`the trip does not lead to ${url}`);
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
