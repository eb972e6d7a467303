/**
 * The booking flow's localStorage (spec §3 keys and encodings): what the machine's persistence actions write and
 * what the composition root restores as the machine's input, so a reload on any step keeps the state.
 *
 *   BookingType           encoded   'milleage' | 'hourly'
 *   BookingForm           JSON      the quote form
 *   HourlyRateForm        encoded   the hourly form
 *   PriceDetails          encoded   the shown price list
 *   selectedVehicleData   encoded   the chosen price detail
 *   SelectedVehicle       JSON      { vehicle_id }
 *   selectionKind         JSON      'lowest' | 'selection'
 *   vehicleQuantities     JSON      { `${vehicle_id}-${company_id}`: 1..6 }
 *   registrationData      encoded   the personal details
 *   selectedPassenger     JSON      guest_login | new_client | existing_client
 *   RememberedDetails     encoded   the visitor's own details and last trip, kept with their consent (issue 37);
 *                                   the confirmation's clear keeps it
 *
 * The confirmed booking is kept in sessionStorage (not localStorage, which spec §4 clears on /paymentSuccessView)
 * so a reload of the confirmation page still shows it in this tab.
 */
import { readRememberedDetails, type RememberedDetails } from '../../../contract/rememberedDetails.ts';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import { encodeTripCookie, sameJson, TRIP_COOKIE, TRIP_COOKIE_MAX_LENGTH, TRIP_COOKIE_PATHS, type TripCookie } from '../../../contract/tripCookie.ts';
import type { AppliedPromo, BookingInput } from '../../../machines/booking/index.ts';
import type { BookingForm, BookingResponse, BookingType, HourlyRateForm, PassengerMode, PriceDetail, RegistrationData, SelectionKind } from '../../../machines/booking/index.ts';
import { browserStorage, clearAllExceptSettings, readEncoded, readJson, removeKey, writeEncoded, writeJson, type KeyValueStorage } from '../../storage/codec.ts';

export const CONFIRMED_BOOKING_KEY = 'confirmedBooking';

function sessionStore(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const PASSENGER_MODES: readonly PassengerMode[] = ['guest_login', 'new_client', 'existing_client'];
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isPriceDetail = (value: unknown): value is PriceDetail =>
  isObject(value) && typeof value.vehicle_id === 'number' && typeof value.company_id === 'number' && typeof value.price === 'number';

export function persistForms(
  { bookingType, bookingForm, hourlyRateForm }: { bookingType: BookingType; bookingForm: BookingForm | null; hourlyRateForm: HourlyRateForm | null },
  storage = browserStorage(),
  session = sessionStore(),
): void {
  // A new search starts a new booking: the last confirmed one is no longer what a reload should show.
  session?.removeItem(CONFIRMED_BOOKING_KEY);
  writeEncoded(STORAGE_KEYS.bookingType, bookingType, storage);
  if (bookingForm) writeJson(STORAGE_KEYS.bookingForm, bookingForm, storage);
  if (hourlyRateForm) writeEncoded(STORAGE_KEYS.hourlyRateForm, hourlyRateForm, storage);
  scheduleTripCookie(storage, session);
}

export function persistPriceDetails({ priceDetails }: { priceDetails: PriceDetail[] | null }, storage = browserStorage()): void {
  if (priceDetails) writeEncoded(STORAGE_KEYS.priceDetails, priceDetails, storage);
  else removeKey(STORAGE_KEYS.priceDetails, storage);
  scheduleTripCookie(storage);
}

export function persistSelection(
  { selectedVehicle, selectionKind }: { selectedVehicle: PriceDetail | null; selectionKind: SelectionKind | null },
  storage = browserStorage(),
): void {
  if (selectedVehicle) {
    writeEncoded(STORAGE_KEYS.selectedVehicleData, selectedVehicle, storage);
    writeJson(STORAGE_KEYS.selectedVehicle, { vehicle_id: selectedVehicle.vehicle_id }, storage);
  } else {
    removeKey(STORAGE_KEYS.selectedVehicleData, storage);
    removeKey(STORAGE_KEYS.selectedVehicle, storage);
  }
  if (selectionKind) writeJson(STORAGE_KEYS.selectionKind, selectionKind, storage);
  else removeKey(STORAGE_KEYS.selectionKind, storage);
  scheduleTripCookie(storage);
}

export function persistQuantities({ quantities }: { quantities: Record<string, number> }, storage = browserStorage()): void {
  writeJson(STORAGE_KEYS.vehicleQuantities, quantities, storage);
  scheduleTripCookie(storage);
}

export function persistRegistration(
  { registrationData, passengerMode }: { registrationData: RegistrationData; passengerMode: PassengerMode },
  storage = browserStorage(),
): void {
  writeEncoded(STORAGE_KEYS.registrationData, registrationData, storage);
  writeJson(STORAGE_KEYS.selectedPassenger, passengerMode, storage);
  // Saved personal details never go into the cookie (tripCookieFor): no need to restore the trip on every keystroke.
  setTripCookie(null);
}

/** PromoCode (encoded): the applied promo code; null removes it. */
export function persistPromo({ promo }: { promo: AppliedPromo | null }, storage = browserStorage()): void {
  if (promo) writeEncoded(STORAGE_KEYS.promoCode, promo, storage);
  else removeKey(STORAGE_KEYS.promoCode, storage);
}

/** RememberedDetails (encoded): what "Remember my details on this device" keeps; null removes it. */
export function persistRemembered({ remembered }: { remembered: RememberedDetails | null }, storage = browserStorage()): void {
  if (remembered) writeEncoded(STORAGE_KEYS.rememberedDetails, remembered, storage);
  else removeKey(STORAGE_KEYS.rememberedDetails, storage);
}

/** The kept details, or null (none, or unreadable). */
export function restoreRemembered(storage = browserStorage()): RememberedDetails | null {
  return readRememberedDetails(readEncoded<unknown>(STORAGE_KEYS.rememberedDetails, storage));
}

/** Spec §4: everything but appSettings goes; the booking stays in this tab's sessionStorage for a reload. */
export function clearStoredFlow({ booking }: { booking: BookingResponse | null }, storage = browserStorage(), session = sessionStore()): void {
  clearAllExceptSettings(storage);
  if (booking) session?.setItem(CONFIRMED_BOOKING_KEY, JSON.stringify(booking));
  scheduleTripCookie(storage, session);
}

/** The keys restoreBookingInput reads: the trip a server-rendered booking step is compared with (preparedStep.ts). */
export const BOOKING_TRIP_KEYS: readonly string[] = [
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

/** The machine input restored from storage; anything missing or unreadable is left out. */
export function restoreBookingInput(storage = browserStorage(), session = sessionStore()): Omit<BookingInput, 'idempotencyKey'> {
  const bookingType = readEncoded<string>(STORAGE_KEYS.bookingType, storage);
  const bookingForm = readJson<BookingForm>(STORAGE_KEYS.bookingForm, storage);
  const hourlyRateForm = readEncoded<HourlyRateForm>(STORAGE_KEYS.hourlyRateForm, storage);
  const priceDetails = readEncoded<unknown>(STORAGE_KEYS.priceDetails, storage);
  const selected = readEncoded<unknown>(STORAGE_KEYS.selectedVehicleData, storage);
  const kind = readJson<unknown>(STORAGE_KEYS.selectionKind, storage);
  const quantities = readJson<unknown>(STORAGE_KEYS.vehicleQuantities, storage);
  const registrationData = readEncoded<unknown>(STORAGE_KEYS.registrationData, storage);
  const passengerMode = readJson<unknown>(STORAGE_KEYS.selectedPassenger, storage);
  const promo = readEncoded<unknown>(STORAGE_KEYS.promoCode, storage);
  let booking: BookingResponse | null = null;
  try {
    const raw = session?.getItem(CONFIRMED_BOOKING_KEY);
    booking = raw ? (JSON.parse(raw) as BookingResponse) : null;
  } catch {
    booking = null;
  }
  const list = Array.isArray(priceDetails) && priceDetails.every(isPriceDetail) ? priceDetails : null;
  return {
    bookingType: bookingType === 'hourly' ? 'hourly' : bookingType === 'milleage' ? 'milleage' : null,
    bookingForm: isObject(bookingForm) && typeof bookingForm.pickup === 'string' ? bookingForm : null,
    hourlyRateForm: isObject(hourlyRateForm) && typeof hourlyRateForm.pickup === 'string' ? hourlyRateForm : null,
    priceDetails: list,
    selectedVehicle: list && isPriceDetail(selected) ? selected : null,
    selectionKind: kind === 'lowest' || kind === 'selection' ? kind : null,
    quantities: isObject(quantities)
      ? Object.fromEntries(Object.entries(quantities).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
      : null,
    registrationData: isObject(registrationData) ? (registrationData as Partial<RegistrationData>) : null,
    passengerMode: PASSENGER_MODES.includes(passengerMode as PassengerMode) ? (passengerMode as PassengerMode) : null,
    promo: isObject(promo) && typeof promo.code === 'string' && typeof promo.total_pence === 'number' ? (promo as unknown as AppliedPromo) : null,
    booking,
  };
}

/**
 * The trip cookie (contract/tripCookie.ts) for a restored trip, or null when the server could not render the same
 * step from it: no price list of one quote, personal details typed (never sent in a cookie), a confirmed booking,
 * or a chosen vehicle whose price is no longer the quoted one (options re-priced it).
 */
export function tripCookieFor(restored: ReturnType<typeof restoreBookingInput>): TripCookie | null {
  const list = restored.priceDetails;
  if (!restored.bookingType || !list?.length || restored.registrationData || restored.booking) return null;
  const quoteId = list[0].quote_id;
  if (typeof quoteId !== 'string' || list.some((row) => row.quote_id !== quoteId)) return null;
  const selected = restored.selectedVehicle;
  if (selected && !sameJson(selected, list.find((row) => row.vehicle_id === selected.vehicle_id && row.company_id === selected.company_id))) return null;
  return {
    bookingType: restored.bookingType,
    bookingForm: restored.bookingForm as TripCookie['bookingForm'],
    hourlyRateForm: restored.hourlyRateForm as TripCookie['hourlyRateForm'],
    quoteId,
    selected: selected ? { vehicle_id: selected.vehicle_id, company_id: selected.company_id } : null,
    selectionKind: restored.selectionKind ?? null,
    quantities: restored.quantities ?? null,
    passengerMode: restored.passengerMode ?? null,
  };
}

/** Writes (or, when the trip cannot be rendered by the server, removes) the trip cookie of each step path. */
export function writeTripCookie(storage = browserStorage(), session = sessionStore(), doc: Pick<Document, 'cookie'> | undefined = globalThis.document): void {
  if (doc) setTripCookie(tripCookieFor(restoreBookingInput(storage, session)), doc);
}

/** Sets the cookie of each step path to `trip`, or removes it (null, or a trip too long for a cookie). */
function setTripCookie(trip: TripCookie | null, doc: Pick<Document, 'cookie'> | undefined = globalThis.document): void {
  if (!doc) return;
  const value = trip ? encodeTripCookie(trip) : '';
  const keep = value !== '' && value.length <= TRIP_COOKIE_MAX_LENGTH;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  for (const path of TRIP_COOKIE_PATHS) {
    doc.cookie = keep ? `${TRIP_COOKIE}=${value}; Path=${path}; Max-Age=1800; SameSite=Lax${secure}` : `${TRIP_COOKIE}=; Path=${path}; Max-Age=0; SameSite=Lax${secure}`;
  }
}

let cookiePending = false;
/** Once per turn: a transition's persistence actions each call this. */
function scheduleTripCookie(storage: KeyValueStorage | null, session = sessionStore()): void {
  if (cookiePending || !globalThis.document) return;
  cookiePending = true;
  queueMicrotask(() => {
    cookiePending = false;
    writeTripCookie(storage, session);
  });
}

/** One key per browser tab session for idempotent payment and booking calls. */
export function sessionIdempotencyKey(session = sessionStore()): string {
  const key = 'bookingIdempotencyKey';
  const existing = session?.getItem(key);
  if (existing) return existing;
  const fresh = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  session?.setItem(key, fresh);
  return fresh;
}
