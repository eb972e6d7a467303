import { capacityMessage, QUOTE_MESSAGES, stopText, type BookingForm, type HourlyRateForm } from '../../../contract/booking.ts';
import type { Settings } from '../../../contract/settings.ts';
import { normalise } from '../geo/text.ts';
import { londonDateTime } from './londonTime.ts';
import { settingNumber } from './money.ts';
import type { BannedAddress, PricingCatalog, QuoteError, RoutePoint, TripRoutes, VehicleRecord } from './types.ts';

/**
 * The checks of a quote before any price (spec §5, §8), in the order they run: banned address, grace period, return
 * after pickup (preflight, no maps needed), then capacity.
 */

/** The texts a trip touches: what the visitor typed and what the places resolved to. */
function tripTexts(form: Pick<BookingForm, 'pickup'> & Partial<Pick<BookingForm, 'dropoff' | 'stops'>>, trip?: TripRoutes | null): string[] {
  const typed = [form.pickup, form.dropoff ?? '', ...(form.stops ?? []).map(stopText)];
  const resolved = trip ? trip.outbound.points.flatMap((point) => [point.text, point.label]) : [];
  return [...typed, ...resolved].filter((text) => text.trim() !== '');
}

const bannedPatterns = new WeakMap<readonly BannedAddress[], Array<{ pattern: string; normalised: string }>>();

/** The banned patterns normalised once per catalogue's list. */
function normalisedBans(list: readonly BannedAddress[]) {
  let bans = bannedPatterns.get(list);
  if (!bans) {
    bans = list.map((banned) => ({ pattern: banned.pattern, normalised: normalise(banned.pattern) })).filter((ban) => ban.normalised !== '');
    bannedPatterns.set(list, bans);
  }
  return bans;
}

/** A trip's text as the bans are matched against it. */
const paddedText = (text: string) => ` ${normalise(text)} `;

export function findBannedAddress(texts: readonly string[], catalog: Pick<PricingCatalog, 'bannedAddresses'>): string | null {
  const bans = normalisedBans(catalog.bannedAddresses);
  if (bans.length === 0) return null;
  const padded = texts.map(paddedText);
  for (const ban of bans) {
    const needle = ` ${ban.normalised} `;
    if (padded.some((text) => text.includes(needle))) return ban.pattern;
  }
  return null;
}

/** GRACE_TIME minutes (spec §3): a pickup sooner than now + grace is refused. */
export function isWithinGracePeriod(pickupAt: Date, now: Date, settings: Settings): boolean {
  const graceMinutes = settingNumber(settings.GRACE_TIME);
  return pickupAt.getTime() < now.getTime() + graceMinutes * 60_000;
}


export const quoteError = (code: QuoteError['code'], message: string): QuoteError => ({ code, message });

export interface TripTimes {
  pickupAt: Date;
  returnAt: Date | null;
}

export function tripTimes(form: BookingForm): TripTimes {
  const pickupAt = londonDateTime(form.pickup_date, form.pickup_hour, form.pickup_min);
  const returnAt =
    form.select_option === 'return' && form.return_date && form.return_hour && form.return_min
      ? londonDateTime(form.return_date, form.return_hour, form.return_min)
      : null;
  return { pickupAt, returnAt };
}

/**
 * The checks that need no maps: banned address, grace period, return after pickup. The route runs this before
 * resolving places so a banned or too-soon request never costs a routing call; priceQuote runs it again.
 */
export function preflightQuote(form: BookingForm, catalog: Pick<PricingCatalog, 'bannedAddresses' | 'settings'>, now: Date, trip?: TripRoutes | null): QuoteError | null {
  if (findBannedAddress(tripTexts(form, trip), catalog)) return quoteError('banned_address', QUOTE_MESSAGES.bannedAddress);
  const { pickupAt, returnAt } = tripTimes(form);
  if (isWithinGracePeriod(pickupAt, now, catalog.settings)) return quoteError('grace_period', QUOTE_MESSAGES.gracePeriod);
  if (form.select_option === 'return' && returnAt && returnAt.getTime() <= pickupAt.getTime()) {
    return quoteError('return_before_pickup', QUOTE_MESSAGES.returnBeforePickup);
  }
  return null;
}

export function preflightHourly(form: HourlyRateForm, catalog: Pick<PricingCatalog, 'bannedAddresses' | 'settings'>, now: Date, pickup?: RoutePoint | null): QuoteError | null {
  const texts = [form.pickup, ...(pickup ? [pickup.text, pickup.label] : [])];
  if (findBannedAddress(texts, catalog)) return quoteError('banned_address', QUOTE_MESSAGES.bannedAddress);
  const pickupAt = londonDateTime(form.pickup_date, form.pickup_hour, form.pickup_min);
  if (isWithinGracePeriod(pickupAt, now, catalog.settings)) return quoteError('grace_period', QUOTE_MESSAGES.gracePeriod);
  return null;
}

export interface PartySize {
  passengers: number;
  luggage: number;
  handLuggage: number;
}

/** The party a vehicle must carry: the larger of the two legs' counts for a return trip. */
export function partySize(form: BookingForm): PartySize {
  const isReturn = form.select_option === 'return';
  return {
    passengers: Math.max(form.passengers, isReturn ? form.return_passengers : 0),
    luggage: Math.max(form.luggages, isReturn ? form.return_luggages : 0),
    handLuggage: Math.max(form.hand_luggages, isReturn ? form.return_hand_luggages : 0),
  };
}

/**
 * Spec §5: against the largest vehicle (highest seats, luggage and hand luggage, each on its own), the capacity error
 * listing each exceeded item; otherwise the vehicles that fit every count.
 */
export function fitVehicles(vehicles: readonly VehicleRecord[], party: PartySize): { ok: true; vehicles: VehicleRecord[] } | { ok: false; error: QuoteError } {
  if (vehicles.length === 0) return { ok: false, error: quoteError('no_vehicles', QUOTE_MESSAGES.noVehicles) };
  const largest = {
    passengers: Math.max(...vehicles.map((vehicle) => vehicle.seats)),
    luggage: Math.max(...vehicles.map((vehicle) => vehicle.luggage)),
    handLuggage: Math.max(...vehicles.map((vehicle) => vehicle.hand_luggage)),
  };
  const excess = {
    passengers: Math.max(0, party.passengers - largest.passengers),
    luggage: Math.max(0, party.luggage - largest.luggage),
    handLuggage: Math.max(0, party.handLuggage - largest.handLuggage),
  };
  if (excess.passengers + excess.luggage + excess.handLuggage > 0) return { ok: false, error: quoteError('capacity', capacityMessage(excess)) };
  const fitting = vehicles.filter((vehicle) => vehicle.seats >= party.passengers && vehicle.luggage >= party.luggage && vehicle.hand_luggage >= party.handLuggage);
  // Cannot happen when one vehicle is the largest in every respect; with mixed shapes no single vehicle may fit.
  if (fitting.length === 0) return { ok: false, error: quoteError('capacity', QUOTE_MESSAGES.noSingleVehicle) };
  return { ok: true, vehicles: fitting };
}
