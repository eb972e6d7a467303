import { Router } from 'wouter';
import type { AppInput } from '../../machines/app/app.machine.ts';
import { AppActor } from './appLogic.ts';
import type { BookingActor } from './booking/BookingContext.ts';
import { PreparedBooking } from './booking/BookingProvider.tsx';
import { FrameMessenger } from './FrameMessenger.tsx';
import { Shell } from './Shell.tsx';

interface AppProps {
  /** The start-up actor's input: the catalogue the server embedded in the page (src/app/bootstrap.ts). */
  input: AppInput;
  /** The request's path and query when the server renders (src/entry-server.tsx); the browser reads its location. */
  ssrPath?: string;
  /** A booking actor already on the page's step (a server-rendered booking step, src/app/booking/bookingOnStep.ts). */
  booking?: BookingActor | null;
}

/**
 * The website: the start-up actor (starting with the embedded catalogue), the
 * router, the shell with its routes, and the frame messenger. The same tree renders on the server and in the browser.
 */
export function App({ input, ssrPath, booking = null }: AppProps) {
  return (
    <AppActor.Provider options={{ input }}>
      <Router ssrPath={ssrPath}>
        <PreparedBooking.Provider value={booking}>
          <Shell />
        </PreparedBooking.Provider>
        <FrameMessenger />
      </Router>
    </AppActor.Provider>
  );
}
