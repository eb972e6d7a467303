/**
 * Hydrating a booking step the server rendered from the visitor's trip cookie (server/web/tripPage.ts): the page carries
 * the trip it was rendered from; when the trip saved in this browser is that same trip (and nothing else saved changes
 * the page), the browser prepares its booking actor the same way (bookingOnStep) and hydrates, so the step shows at
 * once and stays. Otherwise (another tab changed the trip, a signed-in passenger) it renders afresh. A lazy chunk.
 */
import { settingsFromRows } from '../../../contract/settings.ts';
import { sameJson, TRIP_ELEMENT_ID } from '../../../contract/tripCookie.ts';
import type { AppInput } from '../../../machines/app/app.machine.ts';
import { hasVisitorState } from '../../storage/codec.ts';
import { readDataBlock } from '../bootstrap.ts';
import type { BookingActor } from './BookingContext.ts';
import { bookingLogic } from './bookingLogic.ts';
import { bookingOnStep } from './bookingOnStep.ts';
import { BOOKING_TRIP_KEYS, restoreBookingInput, sessionIdempotencyKey } from './bookingStorage.ts';

/** The booking actor to hydrate the page's step with, or null when the page must be rendered afresh. */
export function prepareRenderedStep(input: AppInput, doc: Document = document): BookingActor | null {
  const rendered = readDataBlock(TRIP_ELEMENT_ID, doc);
  const restored = restoreBookingInput();
  if (rendered === null || hasVisitorState(undefined, BOOKING_TRIP_KEYS) || !sameJson(restored, rendered)) return null;
  return bookingOnStep(bookingLogic, { idempotencyKey: sessionIdempotencyKey(), settings: settingsFromRows(input.settings), ...restored }, doc.location.pathname);
}
