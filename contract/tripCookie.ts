/**
 * The trip cookie: what the browser tells the server about the visitor's booking so that the server can render a
 * reloaded booking step (/quotationview, /personalDetailView) instead of the loading overlay. The trip itself stays in
 * localStorage (spec §3); the cookie carries the small parts of it and the quote's id, and the server reads the price
 * list from the quote it stored (server/web/tripPage.ts). One cookie per step path (its Path attribute), so no other
 * request carries it. base64url of JSON; no zod (the browser writes it on every booking change).
 */
export const TRIP_COOKIE = 'cabflow_trip';
/** The JSON data block of a server-rendered booking step: the trip it was rendered from (the browser compares its own). */
export const TRIP_ELEMENT_ID = 'cabflow-trip';
export const TRIP_COOKIE_PATHS = ['/quotationview', '/personalDetailView'] as const;
/** Browsers keep cookies up to 4096 bytes; a trip over this is not sent (the step then renders in the browser). */
export const TRIP_COOKIE_MAX_LENGTH = 3800;

export interface VehicleRef {
  vehicle_id: number;
  company_id: number;
}

export interface TripCookie {
  bookingType: 'milleage' | 'hourly';
  bookingForm: Record<string, unknown> | null;
  hourlyRateForm: Record<string, unknown> | null;
  quoteId: string;
  selected: VehicleRef | null;
  selectionKind: 'lowest' | 'selection' | null;
  quantities: Record<string, number> | null;
  passengerMode: 'guest_login' | 'new_client' | 'existing_client' | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export const encodeTripCookie = (trip: TripCookie): string => toBase64Url(JSON.stringify(trip));

/** The cookie's trip, or null for anything that is not one (a cookie is the visitor's to change). */
export function decodeTripCookie(value: string | undefined | null): TripCookie | null {
  if (!value || value.length > TRIP_COOKIE_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let data: unknown;
  try {
    data = JSON.parse(fromBase64Url(value));
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  const { bookingType, bookingForm, hourlyRateForm, quoteId, selected, selectionKind, quantities, passengerMode } = data;
  if (bookingType !== 'milleage' && bookingType !== 'hourly') return null;
  if (typeof quoteId !== 'string' || quoteId === '' || quoteId.length > 100) return null;
  if (bookingForm !== null && !(isObject(bookingForm) && typeof bookingForm.pickup === 'string')) return null;
  if (hourlyRateForm !== null && !(isObject(hourlyRateForm) && typeof hourlyRateForm.pickup === 'string')) return null;
  if (selected !== null && !(isObject(selected) && Number.isInteger(selected.vehicle_id) && Number.isInteger(selected.company_id))) return null;
  if (selectionKind !== null && selectionKind !== 'lowest' && selectionKind !== 'selection') return null;
  if (quantities !== null && !(isObject(quantities) && Object.values(quantities).every((count) => typeof count === 'number'))) return null;
  if (passengerMode !== null && passengerMode !== 'guest_login' && passengerMode !== 'new_client' && passengerMode !== 'existing_client') return null;
  return {
    bookingType,
    bookingForm,
    hourlyRateForm,
    quoteId,
    selected: selected === null ? null : { vehicle_id: selected.vehicle_id as number, company_id: selected.company_id as number },
    selectionKind,
    quantities: quantities as Record<string, number> | null,
    passengerMode,
  };
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** Deep equality of JSON values (key order ignored): the browser's restored trip against the one the server rendered. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The booking machine's restored input (src/app/booking/bookingStorage.ts `restoreBookingInput`) as the server knows it:
 * the cookie's parts and the stored quote's rows (exactly the price list the browser was sent). Null when the cookie's
 * chosen vehicle is not in the quote.
 */
export function renderedTripInput<Row extends VehicleRef>(trip: TripCookie, rows: Row[]) {
  const selectedVehicle = trip.selected ? (rows.find((row) => row.vehicle_id === trip.selected!.vehicle_id && row.company_id === trip.selected!.company_id) ?? null) : null;
  if (trip.selected && !selectedVehicle) return null;
  return {
    bookingType: trip.bookingType,
    bookingForm: trip.bookingForm,
    hourlyRateForm: trip.hourlyRateForm,
    priceDetails: rows,
    selectedVehicle,
    selectionKind: trip.selectionKind,
    quantities: trip.quantities,
    registrationData: null,
    passengerMode: trip.passengerMode,
    // Not in the cookie: a visitor with a stored promo code gets the step rendered afresh in the browser.
    promo: null,
    booking: null,
  };
}

export type RenderedTripInput = NonNullable<ReturnType<typeof renderedTripInput>>;
