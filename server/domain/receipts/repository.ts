import type { PaymentMethod } from '../../../contract/paymentMethods.ts';
import type { BreakdownLine } from '../../../contract/booking.ts';
import type { SettingRow } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { completionLines } from '../drivers/completion.ts';
import { buildLedger, type Ledger, type LedgerCharge, type LedgerRefund } from './ledger.ts';

/** What a receipt reads of a booking: the booking as it stands and its ledger (every card charge and refund). */
export interface ReceiptBooking {
  id: number;
  bookingNumber: string;
  status: string;
  createdAt: Date;
  rideType: 'Q' | 'H';
  pickupAt: Date;
  returnAt: Date | null;
  pickupAddress: string;
  dropoffAddress: string;
  stops: string[];
  hireHours: number | null;
  flightNo: string;
  returnFlightNo: string;
  vehicleCategory: string;
  vehicleQty: number;
  /** The vehicle the operator assigned ('AB12 CDE, Toyota Prius'), when one was. */
  assignedVehicle: string | null;
  companyName: string;
  passengerName: string;
  passengerEmail: string;
  passengerPhone: string;
  totalPassengers: number;
  paymentMethod: PaymentMethod;
  totalPence: number;
  /** The price lines of one vehicle (the pricing engine's breakdown as booked). */
  lines: Pick<BreakdownLine, 'label' | 'amount_pence'>[];
  /** What the driver added when completing the job (issue 32: waiting time, parking, tolls), already in totalPence. */
  extras?: Pick<BreakdownLine, 'label' | 'amount_pence'>[];
  /** The promo code's line of the whole booking (negative), when one was used. */
  promo: Pick<BreakdownLine, 'label' | 'amount_pence'> | null;
  cancelledAt: Date | null;
  cancelledBy: string | null;
  completedAt: Date | null;
  /** The booking's card charges and their refunds (ledger.ts); empty for a booking paid to the driver or free. */
  ledger: Ledger;
}

type Row = Record<string, unknown>;
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function assignedVehicleText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const vehicle = json<Record<string, unknown>>(value);
  const registration = typeof vehicle.registration === 'string' ? vehicle.registration : '';
  const model = [vehicle.make, vehicle.model].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return [registration, model].filter(Boolean).join(', ') || null;
}

const BOOKING_COLUMNS = `b.id, b.booking_number, b.status, b.created_at, b.ride_type, b.pick_up_at, b.return_at, b.pick_up_address, b.drop_off_address,
  b.hourly_duration, b.flight_no, b.return_flight_no, b.vehicle_category, b.vehicle_qty, b.assigned_vehicle, b.vehicle_registration, b.company_name,
  b.passenger_name, b.passenger_email, b.passenger_phone, b.total_passengers, b.payment_method, b.total_pence, b.breakdown, b.cancelled_at, b.cancelled_by,
  b.completed_at, (SELECT to_jsonb(c) FROM job_completions c WHERE c.site_id = b.site_id AND c.booking_id = b.id) AS completion`;

/**
 * The card charges of bookings ($2: their ids): the payment that paid each (payment_status 'paid'), and the charges
 * of its changes (payments under `booking_change:<id>`, bound to the booking when charged), as bookingCardPayments
 * (bookings/refundsRepository.ts) counts them for a cancellation's refund.
 */
const CHARGES = `
  SELECT b.id AS booking_id, p.intent_id, p.amount_pence, p.created_at, p.request_key LIKE 'booking\_change:%' AS for_change,
         p.request_key LIKE 'booking\_extras:%' AS for_extras
    FROM bookings b
    JOIN payments p ON p.site_id = b.site_id AND p.charge = 'succeeded'
     AND ((p.intent_id = b.payment_intent_id AND b.payment_status = 'paid') OR (p.booking_id = b.id AND (p.request_key LIKE 'booking\_change:%' OR p.request_key LIKE 'booking\_extras:%')))
   WHERE b.site_id = $1 AND b.id = ANY($2::bigint[])
   ORDER BY p.created_at, p.intent_id`;
const REFUNDS = `SELECT booking_id, intent_id, amount_pence, reason, status, created_at FROM refunds WHERE site_id = $1 AND booking_id = ANY($2::bigint[]) ORDER BY id`;

/** The ledgers of bookings, by booking id (two queries whatever their number). */
async function ledgersOf(db: Queryable, siteId: number, ids: number[]): Promise<Map<number, Ledger>> {
  const [charges, refunds] = [await db.query<Row>(CHARGES, [siteId, ids]), await db.query<Row>(REFUNDS, [siteId, ids])];
  const ofBooking = (rows: Row[], id: number) => rows.filter((row) => Number(row.booking_id) === id);
  return new Map(
    ids.map((id) => [
      id,
      buildLedger(
        ofBooking(charges.rows, id).map((row): Omit<LedgerCharge, 'kind'> => ({
          at: new Date(row.created_at as string),
          amountPence: Number(row.amount_pence),
          intentId: String(row.intent_id),
          for: row.for_change === true ? 'change' : row.for_extras === true ? 'extras' : 'booking',
        })),
        ofBooking(refunds.rows, id).map((row): Omit<LedgerRefund, 'kind'> => ({
          at: new Date(row.created_at as string),
          amountPence: Number(row.amount_pence),
          intentId: String(row.intent_id),
          reason: String(row.reason),
          status: String(row.status),
        })),
      ),
    ]),
  );
}

function toBooking(row: Row, stops: string[], ledger: Ledger): ReceiptBooking {
  const breakdown = json<{ lines?: BreakdownLine[]; promo?: BreakdownLine }>(row.breakdown);
  return {
    id: Number(row.id),
    bookingNumber: String(row.booking_number),
    status: String(row.status),
    createdAt: new Date(row.created_at as string),
    rideType: row.ride_type as 'Q' | 'H',
    pickupAt: new Date(row.pick_up_at as string),
    returnAt: dateOrNull(row.return_at),
    pickupAddress: String(row.pick_up_address),
    dropoffAddress: String(row.drop_off_address),
    stops,
    hireHours: row.hourly_duration === null ? null : Number(row.hourly_duration),
    flightNo: String(row.flight_no),
    returnFlightNo: String(row.return_flight_no),
    vehicleCategory: String(row.vehicle_category),
    vehicleQty: Number(row.vehicle_qty),
    assignedVehicle: assignedVehicleText(row.assigned_vehicle) ?? ((row.vehicle_registration as string | null) || null),
    companyName: String(row.company_name),
    passengerName: String(row.passenger_name),
    passengerEmail: String(row.passenger_email),
    passengerPhone: String(row.passenger_phone),
    totalPassengers: Number(row.total_passengers),
    paymentMethod: row.payment_method as PaymentMethod,
    totalPence: Number(row.total_pence),
    lines: (breakdown.lines ?? []).map((line) => ({ label: String(line.label), amount_pence: Number(line.amount_pence) })),
    extras: row.completion ? completionLines((typeof row.completion === 'string' ? JSON.parse(row.completion) : row.completion) as never).map(({ label, amount_pence }) => ({ label, amount_pence })) : [],
    promo: breakdown.promo ? { label: String(breakdown.promo.label), amount_pence: Number(breakdown.promo.amount_pence) } : null,
    cancelledAt: dateOrNull(row.cancelled_at),
    cancelledBy: (row.cancelled_by as string | null) ?? null,
    completedAt: dateOrNull(row.completed_at),
    ledger,
  };
}

/** One booking of a site, with its stops and ledger; null when the site has no such booking. */
export async function loadReceiptBooking(db: Queryable, siteId: number, bookingId: number): Promise<ReceiptBooking | null> {
  const { rows } = await db.query<Row>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.site_id = $1 AND b.id = $2`, [siteId, bookingId]);
  if (!rows[0]) return null;
  const stops = await db.query<Row>('SELECT stop_address FROM booking_stops WHERE site_id = $1 AND booking_id = $2 ORDER BY position', [siteId, bookingId]);
  const ledgers = await ledgersOf(db, siteId, [bookingId]);
  return toBooking(rows[0], stops.rows.map((stop) => String(stop.stop_address)), ledgers.get(bookingId)!);
}

/** A passenger's bookings whose pick-up is in [from, to), oldest first, with their stops and ledgers (four queries). */
export async function listStatementBookings(db: Queryable, siteId: number, passengerId: number, from: Date, to: Date): Promise<ReceiptBooking[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b
      WHERE b.site_id = $1 AND b.passenger_id = $2 AND b.pick_up_at >= $3 AND b.pick_up_at < $4
      ORDER BY b.pick_up_at, b.id LIMIT 2000`,
    [siteId, passengerId, from, to],
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const stops = await db.query<Row>('SELECT booking_id, stop_address FROM booking_stops WHERE site_id = $1 AND booking_id = ANY($2::bigint[]) ORDER BY booking_id, position', [siteId, ids]);
  const ledgers = await ledgersOf(db, siteId, ids);
  return rows.map((row) => {
    const id = Number(row.id);
    return toBooking(
      row,
      stops.rows.filter((stop) => Number(stop.booking_id) === id).map((stop) => String(stop.stop_address)),
      ledgers.get(id)!,
    );
  });
}

/** The site's name and settings (the receipt is also made outside a request, for the completion mail). */
export async function loadSiteForReceipt(db: Queryable, siteId: number): Promise<{ name: string; settings: SettingRow[] } | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM sites WHERE id = $1', [siteId]);
  if (!rows[0]) return null;
  const settings = await db.query<SettingRow>('SELECT setting_name, setting_value FROM settings WHERE site_id = $1', [siteId]);
  return { name: rows[0].name, settings: settings.rows };
}

/**
 * The booking's VAT invoice number, given at its first receipt and kept. The site's counter row is locked before the
 * booking's number is looked for, so concurrent first receipts of one booking wait for each other and the second
 * finds the first one's number: one number per booking, and no gaps in the site's sequence. `db` may be a transaction
 * (a Queryable without `transaction`): the number is then given in it.
 */
export async function invoiceNumberOf(db: Db | Queryable, siteId: number, bookingId: number): Promise<{ number: number; issuedAt: Date }> {
  const find = (q: Queryable) =>
    q.query<{ invoice_number: number; issued_at: string }>('SELECT invoice_number, issued_at FROM receipt_invoices WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId]);
  const toInvoice = (row: { invoice_number: number; issued_at: string }) => ({ number: Number(row.invoice_number), issuedAt: new Date(row.issued_at) });
  const known = (await find(db)).rows[0];
  if (known) return toInvoice(known);
  // In the caller's transaction when given one (the completion mail is queued in the transaction that completes).
  const inTransaction = <T>(fn: (tx: Queryable) => Promise<T>) => ('transaction' in db ? db.transaction(fn) : fn(db));
  return inTransaction(async (tx) => {
    await tx.query('INSERT INTO receipt_invoice_counters (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING', [siteId]);
    await tx.query('SELECT last_number FROM receipt_invoice_counters WHERE site_id = $1 FOR UPDATE', [siteId]);
    const meanwhile = (await find(tx)).rows[0];
    if (meanwhile) return toInvoice(meanwhile);
    const { rows } = await tx.query<{ last_number: number }>('UPDATE receipt_invoice_counters SET last_number = last_number + 1 WHERE site_id = $1 RETURNING last_number', [siteId]);
    const inserted = await tx.query<{ invoice_number: number; issued_at: string }>(
      'INSERT INTO receipt_invoices (site_id, booking_id, invoice_number) VALUES ($1, $2, $3) RETURNING invoice_number, issued_at',
      [siteId, bookingId, rows[0].last_number],
    );
    return toInvoice(inserted.rows[0]);
  });
}
