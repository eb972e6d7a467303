import type { ConsoleBookingDetail, ConsoleMail, ConsoleRefund } from '../../../contract/consoleBookings.ts';
import { allowedEvents, dispatchNotBefore, type AssignedDriver, type DispatchTiming, type AssignedVehicle, type BookingStatus, type CancelReason } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { listAudit } from '../audit/audit.ts';
import { toBoardRow } from './board.ts';
import { createDispatchRepository } from './repository.ts';
import { bookingCardPayments, cardPaymentsTotal } from '../bookings/refunds.ts';
import { flightRulesOf, type FlightRules } from '../flights/rules.ts';
import { completionView } from '../drivers/completion.ts';

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const json = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A mail about the booking (its confirmation, the operator's notices, dispatch and cancellation mails) as the console lists it. */
const toConsoleMail = (row: Row): ConsoleMail => ({
  id: Number(row.id),
  kind: String(row.kind),
  to: String(row.to_address),
  subject: String(row.subject),
  status: row.status as ConsoleMail['status'],
  created_at: iso(row.created_at)!,
  sent_at: iso(row.sent_at),
});

/** Everything the console shows of one booking, or null when the site has no such booking. */
export async function loadBookingDetail(db: Queryable, siteId: number, bookingNumber: string, timing: DispatchTiming, rules: FlightRules = flightRulesOf({})): Promise<ConsoleBookingDetail | null> {
  const repository = createDispatchRepository(db);
  const row = await repository.detailRow(siteId, bookingNumber);
  if (!row) return null;
  const id = Number(row.id);
  const [stopAddresses, refunds, mails, audit, payments, completion, extrasPaid] = await Promise.all([
    repository.stopAddresses(siteId, id),
    repository.refunds(siteId, id),
    repository.mailsAbout(siteId, bookingNumber),
    listAudit(db, siteId, { entity: 'booking', id: bookingNumber, limit: 200 }),
    bookingCardPayments(db, siteId, id),
    completionView(db, siteId, id),
    repository.extrasPaidPence(siteId, id),
  ]);
  const board = toBoardRow(row, rules);
  // The booking's payment and the charges of its paid changes (what a refund gives back), and the driver's extras.
  const total = cardPaymentsTotal(payments) ?? { amountPence: 0, refundedPence: 0 };
  const paid = total.amountPence;
  return {
    ...board,
    booking_type: String(row.booking_type),
    passenger_mode: row.passenger_mode as ConsoleBookingDetail['passenger_mode'],
    passenger_email: String(row.passenger_email),
    additional_info: String(row.additional_info),
    return_additional_info: String(row.return_additional_info),
    flight_no: String(row.flight_no),
    return_flight_no: String(row.return_flight_no),
    hire_hours: numberOrNull(row.hourly_duration),
    stop_addresses: stopAddresses,
    options: json<Record<string, unknown>>(row.options) ?? {},
    distance_miles: numberOrNull(row.distance_miles),
    duration_seconds: numberOrNull(row.duration_seconds),
    price: { unit_price_pence: Number(row.unit_price_pence), total_pence: board.total_pence, currency: board.currency, breakdown: json(row.breakdown) },
    payment: {
      method: board.payment_method,
      state: board.payment_state,
      intent_id: board.payment_method === 'card' ? ((row.payment_intent_id as string | null) ?? null) : null,
      paid_pence: paid + extrasPaid,
      extras_paid_pence: extrasPaid,
      refunded_pence: total.refundedPence,
      refundable_pence: Math.max(0, paid - total.refundedPence),
      refunds: refunds.map(
        (refund): ConsoleRefund => ({
          amount_pence: Number(refund.amount_pence),
          reason: refund.reason as ConsoleRefund['reason'],
          status: refund.status as ConsoleRefund['status'],
          created_at: iso(refund.created_at)!,
        }),
      ),
    },
    dispatch: {
      driver: json<AssignedDriver>(row.assigned_driver),
      vehicle: json<AssignedVehicle>(row.assigned_vehicle),
      accepted_at: iso(row.accepted_at),
      assigned_at: iso(row.assigned_at),
      completed_at: iso(row.completed_at),
      no_show_at: iso(row.no_show_at),
      cancelled_at: iso(row.cancelled_at),
      cancelled_by: (row.cancelled_by as 'passenger' | 'operator' | null) ?? null,
      cancel_reason: (row.cancel_reason as CancelReason | null) ?? null,
      cancel_note: (row.cancel_note as string | null) ?? null,
      cancellation_fee_pence: numberOrNull(row.cancellation_fee_pence),
      not_before: {
        complete: dispatchNotBefore('complete', new Date(board.pickup_at), timing)!.toISOString(),
        no_show: dispatchNotBefore('no_show', new Date(board.pickup_at), timing)!.toISOString(),
      },
      on_the_way_at: iso(row.on_the_way_at),
      arrived_at: iso(row.arrived_at),
      on_board_at: iso(row.on_board_at),
    },
    // Issue 32: what the driver added at completion and where the extras' payment stands.
    completion,
    allowed_events: allowedEvents(board.status as BookingStatus),
    mails: mails.map(toConsoleMail),
    timeline: audit.reverse(),
  };
}
