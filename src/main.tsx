// Only the Mantine CSS the shell and home page use (STYLE: import only the component CSS you use).
// Lazy views that need more import it themselves, so it ships in their chunk.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import './themeVariables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Skeleton.css';
import './global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TRIP_ELEMENT_ID } from '../contract/tripCookie.ts';
import { afterNextPaint } from './app/afterNextPaint.ts';
import { App } from './app/App.tsx';
import type { BookingActor } from './app/booking/BookingContext.ts';
import { readBootstrap } from './app/bootstrap.ts';
import { isFramed } from './app/frameMessenger.ts';
import { setRenderedAt } from './app/renderMode.ts';
import { replayEarlyInputWhenReady } from './boot/replayEarlyInput.ts';
import { hasVisitorState } from './storage/codec.ts';

// Inside an operator's iframe the page height follows the content (see src/app/Shell.module.css).
if (isFramed()) document.documentElement.setAttribute('data-framed', '');

const container = document.getElementById('root')!;
// Read once per page load: the catalogue the server embedded in the page (settings, companies, fleet, popular locations).
const input = readBootstrap();
const app = (booking: BookingActor | null = null) => (
  <StrictMode>
    <App input={input} booking={booking} />
  </StrictMode>
);

/**
 * When the server rendered the page (server/web/page.ts) at `renderedAt`, the browser hydrates that HTML: it is
 * already painted, and React attaches to it in a transition, in slices of a few milliseconds (Lighthouse: total
 * blocking time).
 */
function hydrate(renderedAt: number, booking: BookingActor | null) {
  setRenderedAt(renderedAt);
  startTransition(() => {
    hydrateRoot(container, app(booking), {
      onRecoverableError: (error) => console.error('The page differed from the server-rendered HTML and was rendered again:', error),
    });
  });
}

/**
 * Otherwise React renders afresh (replacing the server's HTML, if any, on its first commit). The first render waits for
 * the first paint, so a phone shows index.html's overlay at once instead of after a second or more of rendering; and it
 * runs in a transition, in slices instead of one long task.
 */
function renderAfresh() {
  const root = createRoot(container);
  void afterNextPaint().then(() => startTransition(() => root.render(app())));
}

const renderedAt = Number(container.dataset.renderedAt);
// What the visitor did on the server's HTML before it was hydrated takes effect once it is (src/boot/earlyInput.js).
replayEarlyInputWhenReady();
if (renderedAt > 0 && document.getElementById(TRIP_ELEMENT_ID)) {
  // A booking step rendered from the visitor's trip: hydrated when this browser's saved trip is that trip.
  import('./app/booking/preparedStep.ts').then(
    // A task of its own after the chunk's evaluation (two shorter tasks on a phone instead of one long one).
    ({ prepareRenderedStep }) =>
      setTimeout(() => {
        const booking = prepareRenderedStep(input);
        if (booking) hydrate(renderedAt, booking);
        else renderAfresh();
      }, 0),
    (error: unknown) => {
      console.error('The booking step could not be prepared', error);
      renderAfresh();
    },
  );
} else if (renderedAt > 0 && !hasVisitorState()) {
  // Not when the visitor saved something that changes the first render (a restored trip, a signed-in passenger).
  hydrate(renderedAt, null);
} else {
  renderAfresh();
}
