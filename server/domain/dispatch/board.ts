import { CONSOLE_BOOKINGS_MESSAGES, type BoardPage, type BoardRow, type PaymentState } from '../../../contract/consoleBookings.ts';
import type { BookingStatus } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { addDays, londonParts, londonWallClock } from '../pricing/londonTime.ts';
import { createDispatchRepository } from './repository.ts';
import { flightRulesOf, flightView, storedFlightOf, type FlightRules } from '../flights/rules.ts';

/** The board's filters once validated (contract/consoleBookings.ts boardQuerySchema's output). */
export interface BoardFilter {
  from?: string;
  to?: string;
  status?: BookingStatus[];
  payment_method?: 'car' | 'card';
  payment_state?: PaymentState[];
  company_id?: number;
  vehicle_id?: number;
  q?: string;
  cursor?: string;
  limit: number;
}

/** London days [from, to] → [start, end) instants. */
export const londonDayRange = (from: string, to: string) => ({ start: londonWallClock(from, 0, 0), end: londonWallClock(addDays(to, 1), 0, 0) });

const two = (value: number) => String(value).padStart(2, '0');
export const londonClockText = (at: Date) => {
  const local = londonParts(at);
  return { date: local.date, time: `${two(local.hour)}:${two(local.minute)}` };
};

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export function paymentState(paymentStatus: string, refundedPence: number): PaymentState {
  if (paymentStatus === 'on_account') return 'on_account';
  if (paymentStatus !== 'paid') return 'due_to_driver';
  return refundedPence > 0 ? 'refunded' : 'paid';
}

export function toBoardRow(row: Row, rules: FlightRules = flightRulesOf({})): BoardRow {
  const pickupAt = new Date(row.pick_up_at as string);
  const local = londonClockText(pickupAt);
  const refunded = Number(row.refunded_pence);
  const hours = row.hourly_duration === null ? null : Number(row.hourly_duration);
  return {
    booking_number: String(row.booking_number),
    status: row.status as BookingStatus,
    revision: Number(row.revision),
    created_at: iso(row.created_at)!,
    ride_type: row.ride_type as 'Q' | 'H',
    pickup_at: pickupAt.toISOString(),
    pickup_date: local.date,
    pickup_time: local.time,
    return_at: iso(row.return_at),
    from: String(row.pick_up_address),
    to: String(row.drop_off_address) || (hours ? `As directed (${hours} hours)` : ''),
    stops: Number(row.stop_count),
    company_id: Number(row.company_id),
    company_name: String(row.company_name),
    vehicle_id: Number(row.vehicle_id),
    vehicle_category: String(row.vehicle_category),
    vehicle_qty: Number(row.vehicle_qty),
    passengers: Number(row.total_passengers),
    passenger_name: String(row.passenger_name),
    passenger_phone: String(row.passenger_phone),
    currency: String(row.currency),
    total_pence: Number(row.total_pence),
    payment_method: row.payment_method as 'car' | 'card',
    payment_state: paymentState(String(row.payment_status), refunded),
    refunded_pence: refunded,
    driver: row.driver_name ? { name: String(row.driver_name), vehicle_registration: String(row.driver_vehicle_registration ?? '') } : null,
    anonymised: row.anonymised_at !== null && row.anonymised_at !== undefined,
    job_stage: (row.job_stage as BoardRow['job_stage'] | undefined) ?? null,
    flight: flightOf(row, pickupAt, rules),
  };
}

/** The row's flight column (flights/repository.ts flightColumn) as the console shows it, or null. */
function flightOf(row: Row, pickupAt: Date, rules: FlightRules) {
  const stored = storedFlightOf(row.flight);
  return stored ? flightView(stored, { pickupAt, status: String(row.status) }, rules) : null;
}

// The cursor is the last row's (pick-up instant, id), opaque to the console.
const encodeCursor = (pickupAt: string, id: number) => Buffer.from(JSON.stringify([pickupAt, id])).toString('base64url');
function decodeCursor(cursor: string): { pickupAt: Date; id: number } {
  try {
    const [pickupAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const at = new Date(String(pickupAt));
    if (typeof pickupAt === 'string' && !Number.isNaN(at.getTime()) && Number.isSafeInteger(id) && (id as number) > 0) return { pickupAt: at, id: id as number };
  } catch {
    /* below */
  }
  throw new DomainError('invalid_input', CONSOLE_BOOKINGS_MESSAGES.badCursor);
}

/**
 * One page of the board: the London days asked for (today and tomorrow when neither they nor a search are given),
 * from the cursor on.
 */
export async function boardPage(db: Queryable, siteId: number, filter: BoardFilter, now: Date, rules: FlightRules = flightRulesOf({})): Promise<Omit<BoardPage, 'needs_action'>> {
  const search = filter.q ?? '';
  let range: BoardPage['range'] = null;
  if (filter.from || filter.to || search === '') {
    const today = londonParts(now).date;
    const from = filter.from ?? filter.to ?? today;
    const to = filter.to ?? addDays(from, 1);
    range = { from, to };
  }
  const rows = await createDispatchRepository(db).boardRows(siteId, {
    range: range && londonDayRange(range.from, range.to),
    status: filter.status,
    paymentMethod: filter.payment_method,
    paymentStates: filter.payment_state,
    companyId: filter.company_id,
    vehicleId: filter.vehicle_id,
    search,
    after: filter.cursor ? decodeCursor(filter.cursor) : null,
    limit: filter.limit + 1,
  });
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > filter.limit && last ? encodeCursor(new Date(last.pick_up_at as string).toISOString(), Number(last.id)) : null;
  return { success: true, bookings: page.map((row) => toBoardRow(row, rules)), next_cursor: nextCursor, range };
}
