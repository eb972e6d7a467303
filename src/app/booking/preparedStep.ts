/**
 * Hydrating a booking step the server rendered from the visitor's trip cookie (server/plugins/spa.ts): the page carries
 * the trip it was rendered from; when the trip saved in this browser is that same trip (and nothing else saved changes
 * the page), the browser prepares its booking actor the same way (bookingOnStep) and hydrates, so the step shows at
 * once and stays. Otherwise (another tab changed the trip, a signed-in passenger) it renders afresh. A lazy chunk.
 */
import { settingsFromRows } from '../../../contract/settings.ts';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import { sameJson, TRIP_ELEMENT_ID } from '../../../contract/tripCookie.ts';
import type { AppInput } from '../../../machines/app/app.machine.ts';
import { hasVisitorState } from '../../storage/codec.ts';
import type { BookingActor } from './BookingContext.ts';
import { bookingLogic } from './bookingLogic.ts';
import { bookingOnStep } from './bookingOnStep.ts';
import { restoreBookingInput, sessionIdempotencyKey } from './bookingStorage.ts';

/** The storage keys restoreBookingInput reads: the trip the page's data block is compared with. */
const TRIP_KEYS: readonly string[] = [
  STORAGE_KEYS.bookingType,
  STORAGE_KEYS.bookingForm,
  STORAGE_KEYS.hourlyRateForm,
  STORAGE_KEYS.priceDetails,
  STORAGE_KEYS.selectedVehicleData,
  STORAGE_KEYS.selectedVehicle,
  STORAGE_KEYS.selectionKind,
  STORAGE_KEYS.vehicleQuantities,
  STORAGE_KEYS.registrationData,
  STORAGE_KEYS.selectedPassenger,
];

function renderedTrip(doc: Document): unknown {
  try {
    return JSON.parse(doc.getElementById(TRIP_ELEMENT_ID)?.textContent ?? 'null');
  } catch {
    return null;
  }
}

/** The booking actor to hydrate the page's step with, or null when the page must be rendered afresh. */
export function prepareRenderedStep(input: AppInput, doc: Document = document): BookingActor | null {
  const rendered = renderedTrip(doc);
  const restored = restoreBookingInput();
  if (rendered === null || hasVisitorState(undefined, TRIP_KEYS) || !sameJson(restored, rendered)) return null;
  return bookingOnStep(bookingLogic, { idempotencyKey: sessionIdempotencyKey(), settings: settingsFromRows(input.settings), ...restored }, doc.location.pathname);
}
