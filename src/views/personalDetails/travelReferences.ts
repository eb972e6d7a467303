import type { BookingForm, BookingType } from '../../../machines/booking/index.ts';

/** Spec §2/§5: an address naming an airport or terminal (any case) asks for a flight, train, sea-port or ferry reference. */
export const needsTravelReference = (address: string | null | undefined) => /airport|terminal/i.test(address ?? '');

/** Which reference fields the personal-details step shows: pickup by the pickup text; return by the dropoff on a return trip. */
export function travelReferenceFields(bookingType: BookingType, form: Pick<BookingForm, 'pickup' | 'dropoff' | 'select_option'> | null): { pickup: boolean; return: boolean } {
  if (bookingType !== 'milleage' || !form) return { pickup: false, return: false };
  return { pickup: needsTravelReference(form.pickup), return: form.select_option === 'return' && needsTravelReference(form.dropoff) };
}
