import {
  capacityMessage,
  durationHours,
  outboundOptions,
  QUOTE_MESSAGES,
  returnOptions,
  stopText,
  type Breakdown,
  type BreakdownLine,
  type BookingForm,
  type HourlyRateForm,
  type LegOptions,
  type SelectedOptions,
} from '../../../contract/booking.ts';
import { ENABLE, type Settings } from '../../../contract/settings.ts';
import { normalise } from '../geo/text.ts';
import type { CompanyRecord, VehicleRecord } from '../sites/sitesRepository.ts';
import { formatLondonDate, londonDateTime, londonParts } from './londonTime.ts';
import { formatPounds, penceToPounds, percentOf, roundToPounds, settingNumber, settingPence } from './money.ts';
import { findFixedFare, legZones, type LegZones } from './fixedFares.ts';
import { activeSurcharges, inTimeWindow, legFacts, type LegFacts } from './surcharges.ts';
import type { BannedAddress, LegRoute, Pence, PricedRow, PricingCatalog, QuoteError, QuoteOutcome, RoutePoint, Tariff, TripRoutes } from './types.ts';

/**
 * The pricing engine: pure functions of (form, catalog, route, now). Amounts are integer pence throughout; the rows
 * carry pounds for the API (contract/booking.ts) with every breakdown line's pence beside it.
 *
 * A row's `price` is the journey (fare + surcharges); `final_price` adds the options and the ROUND_OFF adjustment.
 * Checks run in this order and stop at the first that fails: banned address, grace period, return after pickup,
 * zero distance, capacity (spec §5, §8).
 */

type Line = Omit<BreakdownLine, 'amount'>;
type LegName = BreakdownLine['leg'];

const RETURN_PREFIX = 'Return: ';

// ─── Rules ────────────────────────────────────────────────────────────────────────────────────────

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

export function findBannedAddress(texts: readonly string[], catalog: Pick<PricingCatalog, 'bannedAddresses'>): string | null {
  const bans = normalisedBans(catalog.bannedAddresses);
  if (bans.length === 0) return null;
  const padded = texts.map((text) => ` ${normalise(text)} `);
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

const err = (code: QuoteError['code'], message: string): QuoteError => ({ code, message });

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
  if (findBannedAddress(tripTexts(form, trip), catalog)) return err('banned_address', QUOTE_MESSAGES.bannedAddress);
  const { pickupAt, returnAt } = tripTimes(form);
  if (isWithinGracePeriod(pickupAt, now, catalog.settings)) return err('grace_period', QUOTE_MESSAGES.gracePeriod);
  if (form.select_option === 'return' && returnAt && returnAt.getTime() <= pickupAt.getTime()) {
    return err('return_before_pickup', QUOTE_MESSAGES.returnBeforePickup);
  }
  return null;
}

export function preflightHourly(form: HourlyRateForm, catalog: Pick<PricingCatalog, 'bannedAddresses' | 'settings'>, now: Date, pickup?: RoutePoint | null): QuoteError | null {
  const texts = [form.pickup, ...(pickup ? [pickup.text, pickup.label] : [])];
  if (findBannedAddress(texts, catalog)) return err('banned_address', QUOTE_MESSAGES.bannedAddress);
  const pickupAt = londonDateTime(form.pickup_date, form.pickup_hour, form.pickup_min);
  if (isWithinGracePeriod(pickupAt, now, catalog.settings)) return err('grace_period', QUOTE_MESSAGES.gracePeriod);
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
  if (vehicles.length === 0) return { ok: false, error: err('no_vehicles', QUOTE_MESSAGES.noVehicles) };
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
  if (excess.passengers + excess.luggage + excess.handLuggage > 0) return { ok: false, error: err('capacity', capacityMessage(excess)) };
  const fitting = vehicles.filter((vehicle) => vehicle.seats >= party.passengers && vehicle.luggage >= party.luggage && vehicle.hand_luggage >= party.handLuggage);
  // Cannot happen when one vehicle is the largest in every respect; with mixed shapes no single vehicle may fit.
  if (fitting.length === 0) return { ok: false, error: err('capacity', QUOTE_MESSAGES.noSingleVehicle) };
  return { ok: true, vehicles: fitting };
}

// ─── Tariffs and lines ────────────────────────────────────────────────────────────────────────────

/** The tariff of a company's vehicle on a London date: the latest valid_from on or before it. */
export function findTariff(tariffs: readonly Tariff[], companyId: number, vehicleId: number, date: string): Tariff | null {
  let found: Tariff | null = null;
  for (const tariff of tariffs) {
    if (tariff.company_id !== companyId || tariff.vehicle_id !== vehicleId || tariff.valid_from > date) continue;
    if (!found || tariff.valid_from > found.valid_from) found = tariff;
  }
  return found;
}

const fmtMiles = (miles: number) => (Number.isInteger(miles) ? String(miles) : miles.toFixed(2));

/** Base fare, one line per mile band used, extra stops and the minimum-fare top-up of one leg. */
export function legFareLines(tariff: Tariff, miles: number, extraStops: number, leg: LegName, prefix = ''): Line[] {
  const lines: Line[] = [{ code: 'base_fare', label: `${prefix}Base fare`, leg, group: 'fare', amount_pence: tariff.base_fare_pence }];
  // Work in hundredths of a mile so that bands split exactly.
  const total = Math.round(miles * 100);
  let from = 0;
  for (const band of tariff.mile_bands) {
    const to = band.up_to_miles === null ? Number.POSITIVE_INFINITY : Math.round(band.up_to_miles * 100);
    const inBand = Math.max(0, Math.min(total, to) - from);
    if (inBand > 0) {
      const rate = `${formatPounds(band.per_mile_pence)}/mile`;
      const range =
        from === 0 && band.up_to_miles !== null
          ? `first ${fmtMiles(to / 100)} miles`
          : band.up_to_miles === null
            ? `miles over ${fmtMiles(from / 100)}`
            : `miles ${fmtMiles(from / 100)}–${fmtMiles(to / 100)}`;
      lines.push({
        code: 'mileage',
        label: `${prefix}${fmtMiles(inBand / 100)} mi (${range}) at ${rate}`,
        leg,
        group: 'fare',
        amount_pence: Math.round((inBand * band.per_mile_pence) / 100),
        quantity: inBand / 100,
        unit_pence: band.per_mile_pence,
      });
    }
    if (to >= total) break;
    from = to;
  }
  if (extraStops > 0 && tariff.per_extra_stop_pence > 0) {
    lines.push({
      code: 'extra_stops',
      label: `${prefix}Extra stop${extraStops > 1 ? 's' : ''} × ${extraStops}`,
      leg,
      group: 'fare',
      amount_pence: extraStops * tariff.per_extra_stop_pence,
      quantity: extraStops,
      unit_pence: tariff.per_extra_stop_pence,
    });
  }
  const fare = sum(lines);
  if (fare < tariff.minimum_fare_pence) {
    lines.push({
      code: 'minimum_fare',
      label: `${prefix}Minimum fare ${formatPounds(tariff.minimum_fare_pence)}: top-up`,
      leg,
      group: 'fare',
      amount_pence: tariff.minimum_fare_pence - fare,
    });
  }
  return lines;
}

const sum = (lines: readonly Pick<Line, 'amount_pence'>[]): Pence => lines.reduce((total, line) => total + line.amount_pence, 0);

/** Night / bank-holiday percentage on a leg's fare: the highest that applies (they do not stack). */
function timeSurchargeLine(facts: LegFacts, fare: Pence, rows: ReturnType<typeof activeSurcharges>, prefix: string): Line | null {
  let best: { percent: number; code: string; label: string } | null = null;
  for (const row of rows) {
    let applies = false;
    if (row.kind === 'night') applies = inTimeWindow(facts.startParts.minutesOfDay, row.start, row.end);
    if (row.kind === 'bank_holiday') applies = facts.bankHoliday;
    if (!applies || (row.kind !== 'night' && row.kind !== 'bank_holiday')) continue;
    if (!best || row.percent > best.percent) best = { percent: row.percent, code: row.kind, label: row.label };
  }
  if (!best || fare <= 0) return null;
  const amount = percentOf(fare, best.percent);
  return amount > 0 ? { code: best.code, label: `${prefix}${best.label} (+${best.percent}%)`, leg: facts.leg, group: 'surcharge', amount_pence: amount } : null;
}

function airportLines(facts: LegFacts, rows: ReturnType<typeof activeSurcharges>, prefix: string): Line[] {
  const lines: Line[] = [];
  for (const row of rows) {
    if (row.kind === 'airport_pickup' && facts.pickupIata === row.airport && row.amount_pence > 0) {
      lines.push({ code: 'airport_pickup', label: `${prefix}${row.label}`, leg: facts.leg, group: 'surcharge', amount_pence: row.amount_pence });
    }
    if (row.kind === 'airport_dropoff' && facts.dropoffIata === row.airport && row.amount_pence > 0) {
      lines.push({ code: 'airport_dropoff', label: `${prefix}${row.label}`, leg: facts.leg, group: 'surcharge', amount_pence: row.amount_pence });
    }
  }
  return lines;
}

type SurchargesOn = (date: string) => ReturnType<typeof activeSurcharges>;

/** The rows of activeSurcharges for one company's vehicle, each date looked up once per pricing call. */
function surchargesOn(facts: Pick<TripFacts, 'surchargeMemo'>, surcharges: PricingCatalog['surcharges'], companyId: number, vehicleId: number): SurchargesOn {
  return (date) => {
    const key = `${date}|${companyId}|${vehicleId}`;
    let rows = facts.surchargeMemo.get(key);
    if (!rows) {
      rows = activeSurcharges(surcharges, date, companyId, vehicleId);
      facts.surchargeMemo.set(key, rows);
    }
    return rows;
  };
}

/** Congestion Charge and ULEZ are daily: one line per London day, on the first leg that owes it. */
function dailyZoneLines(legs: readonly LegFacts[], rowsOn: SurchargesOn): Line[] {
  const lines: Line[] = [];
  for (const kind of ['congestion_charge', 'ulez'] as const) {
    const charged = new Set<string>();
    for (const facts of legs) {
      for (const date of kind === 'congestion_charge' ? facts.congestionDates : facts.ulezDates) {
        if (charged.has(date)) continue;
        const row = rowsOn(date).find((candidate) => candidate.kind === kind);
        if (!row || row.kind !== kind || row.amount_pence <= 0) continue;
        charged.add(date);
        lines.push({ code: kind, label: `${row.label}, ${formatLondonDate(date)}`, leg: facts.leg, group: 'surcharge', amount_pence: row.amount_pence });
      }
    }
  }
  return lines;
}

/**
 * Options of one leg, priced from settings (spec §3): MEET_AND_GREET, BABY_PRICE_PER_SEAT, BOOSTER_PRICE_PER_SEAT,
 * SPECIAL_LUGGAGE_PER_PRICE per item, PRICE_PER_FIVE_WAITING_MIN per 5 minutes. An option whose setting is not over
 * zero is not offered (spec §5) and is ignored. A wheelchair is never charged (CLARIFICATIONS 7): WHEEL_CHAIR over zero
 * only offers the option, and a request shows as a £0 line so the driver sees it.
 */
const extraPrices = new WeakMap<Settings, { meet: Pence; baby: Pence; booster: Pence; special: Pence; waiting: Pence; wheelchair: boolean }>();

/** The extras' prices of a settings object, parsed once (a cached catalogue keeps the same object until it changes). */
function extraPricesOf(settings: Settings) {
  let prices = extraPrices.get(settings);
  if (!prices) {
    prices = {
      meet: settingPence(settings.MEET_AND_GREET),
      baby: settingPence(settings.BABY_PRICE_PER_SEAT),
      booster: settingPence(settings.BOOSTER_PRICE_PER_SEAT),
      special: settingPence(settings.SPECIAL_LUGGAGE_PER_PRICE),
      waiting: settingPence(settings.PRICE_PER_FIVE_WAITING_MIN),
      wheelchair: settingNumber(settings.WHEEL_CHAIR) > 0,
    };
    extraPrices.set(settings, prices);
  }
  return prices;
}

export function extraLines(options: LegOptions, settings: Settings, leg: LegName, prefix = ''): Line[] {
  const lines: Line[] = [];
  const prices = extraPricesOf(settings);
  const add = (code: string, label: () => string, count: number, unit: Pence) => {
    if (count > 0 && unit > 0) lines.push({ code, label: `${prefix}${label()}`, leg, group: 'extra', amount_pence: count * unit, quantity: count, unit_pence: unit });
  };
  if (options.meet_and_greet === 'yes') add('meet_and_greet', () => 'Meet and greet', 1, prices.meet);
  add('baby_seats', () => `Baby seat${options.baby_seats > 1 ? 's' : ''} × ${options.baby_seats}`, options.baby_seats, prices.baby);
  add('booster_seats', () => `Booster seat${options.booster_seats > 1 ? 's' : ''} × ${options.booster_seats}`, options.booster_seats, prices.booster);
  add('special_luggage', () => `Special luggage × ${options.special_luggage}`, options.special_luggage, prices.special);
  add('waiting', () => `Waiting time ${options.waiting_min} min`, options.waiting_min / 5, prices.waiting);
  if (options.wheel_chair === 'yes' && prices.wheelchair) {
    lines.push({ code: 'wheel_chair', label: `${prefix}Wheelchair (no charge)`, leg, group: 'extra', amount_pence: 0, quantity: 1, unit_pence: 0 });
  }
  return lines;
}

// ─── Rows ─────────────────────────────────────────────────────────────────────────────────────────

interface TripFacts {
  /** activeSurcharges per (London date, company, vehicle), for this pricing call only. */
  surchargeMemo: Map<string, ReturnType<typeof activeSurcharges>>;
  bookingType: 'milleage' | 'hourly';
  /** zones: the ranked fare zones at the leg's ends, worked out once per pricing call (null: no fixed fare possible). */
  legs: Array<{ facts: LegFacts; route: LegRoute | null; options: LegOptions | null; zones: LegZones | null }>;
  pricingDate: string;
  hours: number | null;
  trip: TripRoutes | null;
  estimated: boolean;
  notes: string[];
}

function finish(lines: Line[], settings: Settings, roundingLeg: LegName): { lines: Line[]; price: Pence; extras: Pence; rounding: Pence; final: Pence } {
  let fare = 0;
  let surcharges = 0;
  let extras = 0;
  for (const line of lines) {
    if (line.group === 'fare') fare += line.amount_pence;
    else if (line.group === 'surcharge') surcharges += line.amount_pence;
    else if (line.group === 'extra') extras += line.amount_pence;
  }
  const total = fare + surcharges + extras;
  const rounded = settings.ROUND_OFF === 'yes' ? roundToPounds(total) : total;
  const all = [...lines];
  if (rounded !== total) all.push({ code: 'rounding', label: 'Rounded to whole pounds', leg: roundingLeg, group: 'adjustment', amount_pence: rounded - total });
  return { lines: all, price: fare + surcharges, extras, rounding: rounded - total, final: rounded };
}

function breakdownOf(lines: Line[], facts: TripFacts, settings: Settings, notes: string[]): { breakdown: Breakdown; price: Pence; final: Pence } {
  const done = finish(lines, settings, facts.bookingType === 'hourly' ? 'hire' : 'trip');
  const groups = { fare: 0, surcharge: 0, extra: 0, adjustment: 0 } as Record<BreakdownLine['group'], Pence>;
  for (const line of done.lines) groups[line.group] += line.amount_pence;
  const group = (name: BreakdownLine['group']) => groups[name];
  const outbound = facts.trip?.outbound ?? null;
  const back = facts.trip?.return ?? null;
  return {
    price: done.price,
    final: done.final,
    breakdown: {
      currency: 'GBP',
      lines: done.lines.map((line) => ({ ...line, amount: penceToPounds(line.amount_pence) })),
      fare: penceToPounds(group('fare')),
      surcharges: penceToPounds(group('surcharge')),
      extras: penceToPounds(group('extra')),
      rounding: penceToPounds(done.rounding),
      final_price: penceToPounds(done.final),
      final_price_pence: done.final,
      price_pence: done.price,
      booking_type: facts.bookingType,
      distance_miles: outbound ? outbound.miles : null,
      duration_seconds: outbound ? outbound.seconds : null,
      return_distance_miles: back ? back.miles : null,
      return_duration_seconds: back ? back.seconds : null,
      hours: facts.hours,
      pickup_at: facts.legs[0].facts.start.toISOString(),
      return_at: facts.legs.find((leg) => leg.facts.leg === 'return')?.facts.start.toISOString() ?? null,
      estimated: facts.estimated,
      notes: [...facts.notes, ...notes],
    },
  };
}

function rowFor(company: CompanyRecord, vehicle: VehicleRecord, facts: TripFacts, catalog: PricingCatalog): PricedRow {
  const tariff = findTariff(catalog.tariffs, company.id, vehicle.tbms_vid, facts.pricingDate);
  const hourlyRate = tariff?.hourly_rate_pence ?? null;
  // A fixed fare is dated by the trip's pickup date, as the tariff is.
  const fixed = facts.legs.map((leg) => findFixedFare(catalog.fixedFares, leg.zones, company.id, vehicle.tbms_vid, facts.pricingDate));
  const priced = facts.bookingType === 'milleage' ? tariff !== null || fixed.every((found) => found !== null) : tariff !== null && hourlyRate !== null && hourlyRate > 0;
  const lines: Line[] = [];
  const notes: string[] = [];
  if (priced) {
    const rowsOn = surchargesOn(facts, catalog.surcharges, company.id, vehicle.tbms_vid);
    facts.legs.forEach(({ facts: leg, route, options }, index) => {
      const prefix = leg.leg === 'return' ? RETURN_PREFIX : '';
      const rows = rowsOn(leg.startParts.date);
      const fixedFare = fixed[index];
      const fareLines: Line[] =
        leg.leg === 'hire'
          ? [
              {
                code: 'hourly_hire',
                label: `Hourly hire: ${facts.hours} hours at ${formatPounds(hourlyRate as number)}/hour`,
                leg: leg.leg,
                group: 'fare' as const,
                amount_pence: (hourlyRate as number) * (facts.hours as number),
                quantity: facts.hours as number,
                unit_pence: hourlyRate as number,
              },
            ]
          : fixedFare
            ? [{ code: 'fixed_fare', label: `${prefix}Fixed fare`, leg: leg.leg, group: 'fare', amount_pence: fixedFare.fare.amount_pence }]
            : legFareLines(tariff as Tariff, route?.miles ?? 0, Math.max(0, (route?.points.length ?? 2) - 2), leg.leg, prefix);
      lines.push(...fareLines);
      const timeLine = timeSurchargeLine(leg, sum(fareLines), rows, prefix);
      if (timeLine) lines.push(timeLine);
      lines.push(...airportLines(leg, rows, prefix));
      if (options) lines.push(...extraLines(options, catalog.settings, leg.leg, prefix));
    });
    lines.push(...dailyZoneLines(facts.legs.map((leg) => leg.facts), rowsOn));
    if (tariff && facts.bookingType === 'hourly' && tariff.hourly_included_miles_per_hour > 0) {
      const included = tariff.hourly_included_miles_per_hour * (facts.hours as number);
      const extra = tariff.hourly_extra_mile_pence ? `; further miles ${formatPounds(tariff.hourly_extra_mile_pence)} each, paid to the driver` : '';
      notes.push(`Includes ${included} miles${extra}.`);
    }
  } else {
    notes.push('Not priced online for this vehicle: contact us for a quote.');
  }
  const { breakdown, price, final } = breakdownOf(lines, facts, catalog.settings, notes);
  return {
    vehicle_id: vehicle.tbms_vid,
    company_id: company.id,
    company_name: company.company_name,
    vehicle_image: vehicle.vehicle_img,
    vehicle_type: vehicle.category_name,
    max_seat: vehicle.seats,
    luggage: vehicle.luggage,
    small_luggage: vehicle.hand_luggage,
    price: penceToPounds(price),
    final_price: penceToPounds(final),
    rating: company.rating,
    breakdown,
    estimated: facts.estimated,
  };
}

/** Cheapest first; rows without a price (Contact Us) last; then by company and the fleet's order. */
function sortRows(rows: PricedRow[], vehicles: readonly VehicleRecord[]): PricedRow[] {
  const order = new Map(vehicles.map((vehicle, index) => [vehicle.tbms_vid, index]));
  return rows.sort(
    (a, b) =>
      Number(a.final_price <= 0) - Number(b.final_price <= 0) ||
      a.breakdown.final_price_pence - b.breakdown.final_price_pence ||
      a.company_id - b.company_id ||
      (order.get(a.vehicle_id) ?? 0) - (order.get(b.vehicle_id) ?? 0),
  );
}

/** Spec §5: with MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE both enable, only the cheapest company's vehicles remain. */
export function onlyCheapestCompany(rows: PricedRow[], settings: Settings): PricedRow[] {
  if (settings.MULTIPLE_PRICES !== ENABLE || settings.CHEAPEST_COMPANY_PRICE !== ENABLE) return rows;
  const priced = rows.filter((row) => row.breakdown.final_price_pence > 0);
  if (priced.length === 0) return rows;
  const cheapest = priced.reduce((best, row) =>
    row.breakdown.final_price_pence < best.breakdown.final_price_pence || (row.breakdown.final_price_pence === best.breakdown.final_price_pence && row.company_id < best.company_id) ? row : best,
  );
  return rows.filter((row) => row.company_id === cheapest.company_id);
}

function mileageFacts(form: BookingForm, trip: TripRoutes, times: TripTimes, zones: PricingCatalog['zones']): TripFacts {
  const legs: TripFacts['legs'] = [
    { facts: legFacts('outbound', trip.outbound, times.pickupAt, trip.outbound.seconds), route: trip.outbound, options: outboundOptions(form), zones: legZones(zones, trip.outbound) },
  ];
  if (form.select_option === 'return') {
    if (!trip.return || !times.returnAt) throw new Error('A return trip needs the return leg and time');
    legs.push({ facts: legFacts('return', trip.return, times.returnAt, trip.return.seconds), route: trip.return, options: returnOptions(form), zones: legZones(zones, trip.return) });
  }
  return {
    surchargeMemo: new Map(),
    bookingType: 'milleage',
    legs,
    pricingDate: legs[0].facts.startParts.date,
    hours: null,
    trip: { outbound: trip.outbound, return: legs.length > 1 ? trip.return : null },
    estimated: trip.outbound.estimated || (legs.length > 1 && Boolean(trip.return?.estimated)),
    notes: [...(trip.outbound.notes ?? []), ...(legs.length > 1 ? (trip.return?.notes ?? []) : [])],
  };
}

// ─── Public API ───────────────────────────────────────────────────────────────────────────────────

/**
 * calculate-distance-price: a price detail for every vehicle (that fits the party) of every company, cheapest first.
 * A company without a tariff for a vehicle gives a row with price 0 (the card offers Contact Us, spec §2).
 */
export function priceQuote(form: BookingForm, trip: TripRoutes, catalog: PricingCatalog, now: Date): QuoteOutcome {
  const refused = preflightQuote(form, catalog, now, trip);
  if (refused) return { ok: false, error: refused };
  if (trip.outbound.miles <= 0) return { ok: false, error: err('zero_distance', QUOTE_MESSAGES.zeroDistance) };
  const fit = fitVehicles(catalog.vehicles, partySize(form));
  if (!fit.ok) return fit;
  const times = tripTimes(form);
  const facts = mileageFacts(form, trip, times, catalog.zones);
  const rows = catalog.companies.flatMap((company) => fit.vehicles.map((vehicle) => rowFor(company, vehicle, facts, catalog)));
  return { ok: true, rows: onlyCheapestCompany(sortRows(rows, catalog.vehicles), catalog.settings), pickupAt: times.pickupAt, returnAt: times.returnAt };
}

/** calculate-hourly-price: hourly rate × hours for every vehicle of every company (no capacity counts in the hourly form). */
export function priceHourlyQuote(form: HourlyRateForm, pickup: RoutePoint, catalog: PricingCatalog, now: Date): QuoteOutcome {
  const refused = preflightHourly(form, catalog, now, pickup);
  if (refused) return { ok: false, error: refused };
  if (catalog.vehicles.length === 0) return { ok: false, error: err('no_vehicles', QUOTE_MESSAGES.noVehicles) };
  const hours = durationHours(form.pickup_duration);
  const pickupAt = londonDateTime(form.pickup_date, form.pickup_hour, form.pickup_min);
  const hire = legFacts('hire', { points: [pickup] }, pickupAt, hours * 3600);
  const facts: TripFacts = {
    surchargeMemo: new Map(),
    bookingType: 'hourly',
    legs: [{ facts: hire, route: null, options: null, zones: null }],
    pricingDate: hire.startParts.date,
    hours,
    trip: null,
    // An hourly price depends on no distance: only the pickup's place (airport, zones) comes from the maps.
    estimated: false,
    notes: [],
  };
  const rows = catalog.companies.flatMap((company) => catalog.vehicles.map((vehicle) => rowFor(company, vehicle, facts, catalog)));
  return { ok: true, rows: onlyCheapestCompany(sortRows(rows, catalog.vehicles), catalog.settings), pickupAt, returnAt: null };
}

/** The stored form with the options editor's changes applied (an option left out keeps its value). */
export function applySelectedOptions(form: BookingForm, options: SelectedOptions): BookingForm {
  const changes = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return { ...form, ...changes };
}

/**
 * calculate-selected-vehicle-price: re-prices one row of a stored quote with changed options. The quote's form, route
 * and pricing date are reused; the grace period and capacity were checked when the quote was made (the booking
 * call checks the grace period again).
 */
export function priceSelectedVehicle(
  input: { form: BookingForm; options: SelectedOptions; trip: TripRoutes; vehicle_id: number; company_id: number },
  catalog: PricingCatalog,
): { ok: true; row: PricedRow; form: BookingForm } | { ok: false; error: QuoteError } {
  const company = catalog.companies.find((candidate) => candidate.id === input.company_id);
  const vehicle = catalog.vehicles.find((candidate) => candidate.tbms_vid === input.vehicle_id);
  if (!company || !vehicle) return { ok: false, error: err('no_tariff', QUOTE_MESSAGES.quoteExpired) };
  const form = applySelectedOptions(input.form, input.options);
  const facts = mileageFacts(form, input.trip, tripTimes(form), catalog.zones);
  return { ok: true, row: rowFor(company, vehicle, facts, catalog), form };
}

/** A pickup instant's London date and time, for messages and stored bookings. */
export const londonDateOf = (instant: Date) => londonParts(instant).date;
