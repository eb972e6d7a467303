/**
 * The quoting constants and pure helpers of contract/booking.ts that carry no zod: the form limits, the 12-hour
 * hour list, minutes and durations, stop text and the spec's messages. The browser's home page imports these
 * without loading the schemas (and zod) that validate the calls; contract/booking.ts re-exports all of them, so
 * importers of either module see the same values.
 */
import { addressLine } from './tripPlaces.ts';

export const LIMITS = {
  passengers: 50,
  luggage: 20,
  seats: 15,
  waitingMinutes: 100,
  waitingStep: 5,
  minHours: 4,
  maxHours: 24,
} as const;

/**
 * 12-hour text of CLARIFICATIONS 2: '12am' is midnight, '12pm' noon. Returns the hour 0..23, or null.
 * Also reads 24-hour text ('0'..'23') because the form's hour limits (spec §5) are given as 0 to 23.
 */
export function parseHour(value: string | number): number | null {
  const raw = String(value).trim().toLowerCase().replace(/\s+/g, '').replace(/\./g, '');
  const twelve = /^0?(\d{1,2})(am|pm)$/.exec(raw);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > 12) return null;
    return (hour % 12) + (twelve[2] === 'pm' ? 12 : 0);
  }
  if (/^\d{1,2}$/.test(raw)) {
    const hour = Number(raw);
    return hour <= 23 ? hour : null;
  }
  return null;
}

/** 0..23 → '12am', '1am' … '11am', '12pm', '1pm' … '11pm'. */
export function formatHour12(hour: number): string {
  const suffix = hour < 12 ? 'am' : 'pm';
  return `${hour % 12 === 0 ? 12 : hour % 12}${suffix}`;
}

/** The hour list of the forms in conventional order (CLARIFICATIONS 2). */
export const HOURS_12 = Array.from({ length: 24 }, (_, hour) => formatHour12(hour));
/** '00', '05' … '55'. */
export const MINUTES = Array.from({ length: 12 }, (_, index) => String(index * 5).padStart(2, '0'));

export const DURATIONS = Array.from({ length: LIMITS.maxHours - LIMITS.minHours + 1 }, (_, index) => `${index + LIMITS.minHours}hour`);

/** Text of a stop as one address line: '12 High Street, TW9 1AA' (a town the street already names is not repeated). */
export const stopText = (stop: { street_name: string; number: string; postcode: string }) => addressLine([stop.number, stop.street_name].filter(Boolean).join(' '), stop.postcode);

export const QUOTE_MESSAGES = {
  bannedAddress: 'Address is banned',
  gracePeriod: 'Pickup time is within the grace period',
  zeroDistance: 'The calculated distance is zero miles. Please check your pickup and dropoff locations.',
  capacityPrefix: "Sorry we don't have any vehicle with requested options, the following limits are exceeded: ",
  // Ours (the spec has no text for these):
  noSingleVehicle: "Sorry we don't have any vehicle with requested options.",
  returnBeforePickup: 'The return time must be after the pickup time.',
  noVehicles: 'No vehicles are available for this operator.',
  quoteExpired: 'This quote has expired. Please search again for a fresh price.',
  unknownPlace: (text: string) => `We could not find "${text}". Please choose a suggested address or add a UK postcode.`,
} as const;

export interface CapacityExcess {
  passengers: number;
  luggage: number;
  handLuggage: number;
}

/** Spec §5/§8: each exceeded item by count, joined by ', ', then a full stop. */
export function capacityMessage(excess: CapacityExcess): string {
  const items: string[] = [];
  if (excess.passengers > 0) items.push(`Passengers exceeded by ${excess.passengers}`);
  if (excess.luggage > 0) items.push(`Luggage exceeded by ${excess.luggage}`);
  if (excess.handLuggage > 0) items.push(`Hand Luggage exceeded by ${excess.handLuggage}`);
  return `${QUOTE_MESSAGES.capacityPrefix}${items.join(', ')}.`;
}
