import { flightRulesOf, passengerFlight, type FlightRules } from '../flights/rules.ts';
import type { ManageBookingView } from '../../../contract/manageBooking.ts';
import type { ManageLiveTrip } from '../../../contract/manageLive.ts';
import { passengerStatusLabel } from '../drivers/progress.ts';
import type { BookingResponse } from '../../../contract/bookings.ts';
import { penceToPounds } from '../pricing/money.ts';
import type { ManagedBooking } from './record.ts';
import type { CancellationDecision, ChangeDecision, Operator } from './terms.ts';

/** Only the driver's first name leaves the server (and nothing of the driver once the booking is cancelled). */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The manage resource: the confirmation's booking, its status from the operator's side and what cancelling would do. */
export function manageView(
  booking: ManagedBooking,
  confirmation: BookingResponse['data'],
  decision: CancellationDecision,
  operator: Operator,
  linkExpiresAt: Date | null,
  change: { decision: ChangeDecision; requests: { at: Date; summary: string[] }[] },
  flightRules: FlightRules = flightRulesOf({}),
  live: ManageLiveTrip | null = null,
): ManageBookingView {
  // The flight's line while the trip is still to come (not once cancelled, completed or a no-show).
  const toCome = booking.status === 'confirmed' || booking.status === 'accepted' || booking.status === 'driver_assigned';
  const driverName = booking.driverName && booking.status !== 'cancelled' ? firstName(booking.driverName) : '';
  return {
    success: true,
    data: confirmation,
    status: booking.status,
    status_label: passengerStatusLabel(booking.status, booking.jobStage),
    driver: driverName ? { first_name: driverName, vehicle_registration: booking.vehicleRegistration, vehicle: booking.assignedVehicle } : null,
    revision: booking.revision,
    cancellation: decision.terms,
    cancelled:
      booking.status === 'cancelled' && booking.cancelledAt
        ? {
            at: booking.cancelledAt.toISOString(),
            by: booking.cancelledBy ?? 'operator',
            fee: penceToPounds(booking.cancellationFeePence ?? 0),
            refund: booking.cancellationRefund ? { amount: penceToPounds(booking.cancellationRefund.amountPence), status: booking.cancellationRefund.status } : null,
          }
        : null,
    operator_phone: operator.phone,
    link_expires_at: linkExpiresAt?.toISOString() ?? null,
    change: change.decision.terms,
    change_requests: change.requests.map((request) => ({ at: request.at.toISOString(), summary: request.summary })),
    flight: booking.flight && toCome ? passengerFlight(booking.flight, flightRules) : null,
    // Issue 33: the car, the time to the pick-up and where to meet, while the driver is on the job (live.ts).
    live,
  };
}
