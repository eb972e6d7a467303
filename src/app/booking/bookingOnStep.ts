/**
 * A booking actor started from a restored trip and put on `path`'s step the way RouteSync does on a page load
 * (`route.enter`): how the server renders a reloaded booking step (src/entry-server.tsx) and how the browser hydrates
 * it (src/main.tsx), both from the same input, so both render the same HTML.
 */
import { createActor } from 'xstate';
import type { BookingInput } from '../../../machines/booking/booking.context.ts';
import { pathForState } from '../../../machines/booking/booking.routes.ts';
import { selectRoutedStateId } from '../../../machines/booking/booking.selectors.ts';
import type { BookingActor } from './BookingContext.ts';
import type { BookingLogic } from './bookingLogic.ts';

/** The running actor on `path`'s step, or null (stopped) when the machine's guards send that trip elsewhere. */
export function bookingOnStep(logic: BookingLogic, input: BookingInput, path: string): BookingActor | null {
  const actor = createActor(logic, { input });
  actor.start();
  actor.send({ type: 'route.enter', path });
  const id = selectRoutedStateId(actor.getSnapshot());
  if (id !== null && pathForState(id, path) === path) return actor;
  actor.stop();
  return null;
}
