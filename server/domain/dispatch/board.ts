import { ADMIN_BOOKINGS_MESSAGES, type BoardPage, type BoardRow, type PaymentState } from '../../../contract/adminBookings.ts';
import type { BookingStatus } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { addDays, londonParts, londonWallClock } from '../pricing/londonTime.ts';

/** The board's filters once validated (contract/adminBookings.ts boardQuerySchema's output). */
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

/** The row's columns (alias b = bookings, p = its card payment); shared by the board and the detail. */
export const ROW_COLUMNS = `
  b.id, b.booking_number, b.status, b.revision, b.created_at, b.ride_type, b.pick_up_at, b.return_at, b.pick_up_address, b.drop_off_address,
  b.company_id, b.company_name, b.vehicle_id, b.vehicle_category, b.vehicle_qty, b.total_passengers, b.passenger_name, b.passenger_phone,
  b.currency, b.total_pence, b.payment_method, b.payment_status, b.hourly_duration, b.anonymised_at,
  b.assigned_driver->>'name' AS driver_name, b.assigned_vehicle->>'registration' AS driver_vehicle_registration,
  COALESCE(p.refunded_pence, 0) AS refunded_pence,
  (SELECT count(*) FROM booking_stops s WHERE s.site_id = b.site_id AND s.booking_id = b.id) AS stop_count`;
export const PAYMENT_JOIN = `LEFT JOIN payments p ON p.site_id = b.site_id AND p.intent_id = b.payment_intent_id AND b.payment_status = 'paid'`;

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export function paymentState(paymentStatus: string, refundedPence: number): PaymentState {
  if (paymentStatus !== 'paid') return 'due_to_driver';
  return refundedPence > 0 ? 'refunded' : 'paid';
}

export function toBoardRow(row: Row): BoardRow {
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
  };
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
  throw new DomainError('invalid_input', ADMIN_BOOKINGS_MESSAGES.badCursor);
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * One page of the board. Keyset paging on (pick_up_at, id) inside the site: the database walks the
 * bookings_board index from the cursor, so page N costs what page 1 does.
 */
export async function boardPage(db: Queryable, siteId: number, filter: BoardFilter, now: Date): Promise<BoardPage> {
  const params: unknown[] = [siteId];
  const where = ['b.site_id = $1'];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const search = filter.q ?? '';
  let range: BoardPage['range'] = null;
  if (filter.from || filter.to || search === '') {
    const today = londonParts(now).date;
    const from = filter.from ?? filter.to ?? today;
    const to = filter.to ?? addDays(from, 1);
    range = { from, to };
    const { start, end } = londonDayRange(from, to);
    add((p) => `b.pick_up_at >= ${p}`, start);
    add((p) => `b.pick_up_at < ${p}`, end);
  }
  if (filter.status?.length) add((p) => `b.status = ANY(${p}::text[])`, filter.status);
  if (filter.payment_method) add((p) => `b.payment_method = ${p}`, filter.payment_method);
  if (filter.payment_state?.length) {
    const states = new Set(filter.payment_state);
    const parts = [
      states.has('due_to_driver') ? "b.payment_status = 'due_to_driver'" : null,
      states.has('paid') ? "(b.payment_status = 'paid' AND COALESCE(p.refunded_pence, 0) = 0)" : null,
      states.has('refunded') ? "(b.payment_status = 'paid' AND COALESCE(p.refunded_pence, 0) > 0)" : null,
    ].filter(Boolean);
    where.push(`(${parts.join(' OR ')})`);
  }
  if (filter.company_id) add((p) => `b.company_id = ${p}`, filter.company_id);
  if (filter.vehicle_id) add((p) => `b.vehicle_id = ${p}`, filter.vehicle_id);
  if (search !== '') {
    params.push(`${likeEscape(search)}%`, `%${likeEscape(search)}%`);
    const prefix = `$${params.length - 1}`;
    const inside = `$${params.length}`;
    const alternatives = [`b.booking_number ILIKE ${prefix}`, `b.passenger_name ILIKE ${inside}`, `b.passenger_email ILIKE ${inside}`];
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 4) {
      params.push(`%${digits}%`);
      alternatives.push(`regexp_replace(b.passenger_phone, '\\D', '', 'g') LIKE $${params.length}`);
    }
    where.push(`(${alternatives.join(' OR ')})`);
  }
  if (filter.cursor) {
    const after = decodeCursor(filter.cursor);
    params.push(after.pickupAt, after.id);
    where.push(`(b.pick_up_at, b.id) > ($${params.length - 1}, $${params.length})`);
  }
  params.push(filter.limit + 1);
  const { rows } = await db.query<Row>(
    `SELECT ${ROW_COLUMNS} FROM bookings b ${PAYMENT_JOIN}
      WHERE ${where.join(' AND ')}
      ORDER BY b.pick_up_at, b.id LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > filter.limit && last ? encodeCursor(new Date(last.pick_up_at as string).toISOString(), Number(last.id)) : null;
  return { success: true, bookings: page.map(toBoardRow), next_cursor: nextCursor, range };
}
