import type { PaymentMethod } from '../../../contract/paymentMethods.ts';
import { storedFlightOf, type StoredFlight } from '../flights/rules.ts';
import type { JobStage } from '../../../contract/dispatch.ts';
import type { ManageStatus, ManageStop, RefundStatus } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { bookingCardPayments, cardPaymentsTotal, refundsUnder } from '../bookings/refunds.ts';
import { bookedPromo, type BookedPromo } from './promo.ts';
import { createManageRepository } from './repository.ts';

/** What managing a booking reads of it: the booking, its card payment and its cancellation refund. */
export interface ManagedBooking {
  id: number;
  bookingNumber: string;
  status: ManageStatus;
  /** The driver's progress on the job (issue 32): on the way, arrived, passenger on board; null before. */
  jobStage: JobStage | null;
  /** When the driver tapped 'on the way' (issue 33: the passenger sees no position recorded before it). */
  onTheWayAt: Date | null;
  /** The pick-up's flight when followed (issue 33), as stored; null otherwise. */
  flight: StoredFlight | null;
  revision: number;
  rideType: 'Q' | 'H';
  pickupAt: Date;
  returnAt: Date | null;
  pickupAddress: string;
  dropoffAddress: string;
  /** The extra stops as the booking's stored quote has them (the form's fields, which a change edits). */
  stops: ManageStop[];
  journeySeconds: number | null;
  returnJourneySeconds: number | null;
  hireHours: number | null;
  flightNo: string;
  returnFlightNo: string;
  vehicleCategory: string;
  vehicleQty: number;
  companyName: string;
  totalPassengers: number;
  passengerId: number | null;
  passengerName: string;
  passengerEmail: string;
  paymentMethod: PaymentMethod;
  currency: string;
  totalPence: number;
  driverName: string | null;
  /** The assigned driver as the assignment's snapshot has them: their register id and phone (the live view, issue 33). */
  driverId: number | null;
  driverPhone: string | null;
  vehicleRegistration: string | null;
  /** The vehicle the operator assigned, as it was then (migration 011's snapshot), when there is one. */
  assignedVehicle: { make: string; model: string; colour: string; registration: string } | null;
  /** What a change re-prices from: the stored quote, the booked vehicle, the options and the contact as booked. */
  quoteId: string;
  vehicleId: number;
  companyId: number;
  options: Record<string, unknown>;
  passengerPhone: string;
  /** The promo code the booking was made with, as applied then (a change is re-priced with it), or null. */
  promo?: BookedPromo | null;
  cancelledAt: Date | null;
  cancelledBy: 'passenger' | 'operator' | null;
  cancellationFeePence: number | null;
  /** The card payment that paid the booking, when it was paid by card. */
  payment: { intentId: string; amountPence: number; refundedPence: number; currency: string } | null;
  /** The refund the passenger's cancellation recorded, when there is one. */
  cancellationRefund: { amountPence: number; status: RefundStatus } | null;
}

/** The one refund a cancellation makes, whatever happens: recordRefund's idempotency key. */
export const cancellationRefundKey = (bookingId: number) => `cancellation:${bookingId}`;

type Row = Record<string, unknown>;
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const json = (value: unknown): Record<string, unknown> | null => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
};
const field = (object: Record<string, unknown> | null, ...keys: string[]) => {
  for (const key of keys) if (typeof object?.[key] === 'string' && (object[key] as string).trim()) return (object[key] as string).trim();
  return '';
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
function stopsOf(value: unknown): ManageStop[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.map((stop: Record<string, unknown>) => ({ street_name: text(stop?.street_name), number: text(stop?.number), postcode: text(stop?.postcode) }));
}

/** The assignment snapshot (read through to_jsonb, so a database before migration 011 simply has none). */
function assignment(row: Row): { driverName: string | null; driverId: number | null; driverPhone: string | null; vehicle: ManagedBooking['assignedVehicle'] } {
  const driver = json(row.assigned_driver);
  const vehicle = json(row.assigned_vehicle);
  const driverName = field(driver, 'name', 'full_name', 'first_name') || ((row.driver_name as string | null) ?? null);
  const registration = field(vehicle, 'registration') || ((row.vehicle_registration as string | null) ?? '');
  return {
    driverName: driverName || null,
    driverId: typeof driver?.id === 'number' ? driver.id : driver?.id !== undefined && driver?.id !== null ? Number(driver.id) : null,
    driverPhone: field(driver, 'phone') || null,
    vehicle: vehicle ? { make: field(vehicle, 'make'), model: field(vehicle, 'model'), colour: field(vehicle, 'colour', 'color'), registration } : null,
  };
}

function toManaged(row: Row): ManagedBooking {
  const assigned = assignment(row);
  return {
    id: Number(row.id),
    bookingNumber: String(row.booking_number),
    status: row.status as ManageStatus,
    jobStage: (row.job_stage as JobStage | null | undefined) ?? null,
    onTheWayAt: dateOrNull(row.on_the_way_at),
    flight: storedFlightOf(row.flight),
    revision: Number(row.revision),
    rideType: row.ride_type as 'Q' | 'H',
    pickupAt: new Date(row.pick_up_at as string),
    returnAt: dateOrNull(row.return_at),
    pickupAddress: String(row.pick_up_address),
    dropoffAddress: String(row.drop_off_address),
    stops: stopsOf(row.quote_stops),
    journeySeconds: numberOrNull(row.duration_seconds),
    returnJourneySeconds: numberOrNull(row.return_duration_seconds),
    hireHours: numberOrNull(row.hourly_duration),
    flightNo: String(row.flight_no),
    returnFlightNo: String(row.return_flight_no),
    vehicleCategory: String(row.vehicle_category),
    vehicleQty: Number(row.vehicle_qty),
    companyName: String(row.company_name),
    totalPassengers: Number(row.total_passengers),
    passengerId: numberOrNull(row.passenger_id),
    passengerName: String(row.passenger_name),
    passengerEmail: String(row.passenger_email),
    paymentMethod: row.payment_method as PaymentMethod,
    currency: String(row.currency),
    totalPence: Number(row.total_pence),
    driverName: assigned.driverName,
    driverId: assigned.driverId,
    driverPhone: assigned.driverPhone,
    vehicleRegistration: assigned.vehicle?.registration || ((row.vehicle_registration as string | null) ?? null),
    assignedVehicle: assigned.vehicle,
    quoteId: String(row.quote_id),
    vehicleId: Number(row.vehicle_id),
    companyId: Number(row.company_id),
    options: json(row.options) ?? {},
    passengerPhone: String(row.passenger_phone),
    promo: bookedPromo(json(row.promo_line)),
    cancelledAt: dateOrNull(row.cancelled_at),
    cancelledBy: (row.cancelled_by as ManagedBooking['cancelledBy']) ?? null,
    cancellationFeePence: numberOrNull(row.cancellation_fee_pence),
    payment:
      row.intent_id === null || row.intent_id === undefined
        ? null
        : { intentId: String(row.intent_id), amountPence: Number(row.amount_pence), refundedPence: Number(row.refunded_pence), currency: String(row.payment_currency) },
    cancellationRefund: row.refund_pence === null || row.refund_pence === undefined ? null : { amountPence: Number(row.refund_pence), status: row.refund_status as RefundStatus },
  };
}

export async function loadManagedBooking(db: Queryable, siteId: number, bookingId: number): Promise<ManagedBooking | null> {
  const row = await createManageRepository(db).managedBookingRow(siteId, bookingId, cancellationRefundKey(bookingId));
  return row ? withEveryCardPayment(db, siteId, toManaged(row)) : null;
}

const worstStatus = (statuses: RefundStatus[]): RefundStatus => (statuses.includes('failed') ? 'failed' : statuses.includes('pending') ? 'pending' : 'succeeded');

/**
 * A booking paid by card whose changes were charged holds several payments: what a cancellation refunds and what it
 * refunded count them all (the booking's payment and its changes' charges, `bookingCardPayments`).
 */
async function withEveryCardPayment(db: Queryable, siteId: number, booking: ManagedBooking): Promise<ManagedBooking> {
  if (!booking.payment) return booking;
  const total = cardPaymentsTotal(await bookingCardPayments(db, siteId, booking.id));
  const refunds = await refundsUnder(db, siteId, cancellationRefundKey(booking.id));
  return {
    ...booking,
    payment: total ? { ...booking.payment, ...total } : booking.payment,
    cancellationRefund:
      refunds.length > 0 ? { amountPence: refunds.reduce((sum, refund) => sum + refund.amountPence, 0), status: worstStatus(refunds.map((refund) => refund.status)) } : booking.cancellationRefund,
  };
}

/** The booking locked for a change (in the caller's transaction): concurrent cancels and changes wait their turn. */
export async function lockManagedBooking(tx: Queryable, siteId: number, bookingId: number): Promise<ManagedBooking | null> {
  await createManageRepository(tx).lockBooking(siteId, bookingId);
  return loadManagedBooking(tx, siteId, bookingId);
}
