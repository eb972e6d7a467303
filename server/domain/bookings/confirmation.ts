import { CALENDAR_CONTENT_TYPE } from '../../../contract/bookingCalendar.ts';
import { settingsFromRows, type SettingRow } from '../../../contract/settings.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import { bookingCalendar } from '../manage/calendar.ts';
import type { ConfirmationManage } from '../manage/confirmation.ts';
import { manageLinkUrl, siteOrigin } from '../manage/links.ts';
import type { ManagedBooking } from '../manage/record.ts';
import { operatorOf } from '../manage/terms.ts';
import type { Site } from '../sites/index.ts';
import type { PreparedBooking } from './prepare.ts';

/**
 * A new booking as managing it reads it once written (status confirmed, revision 0, nothing assigned, cancelled or
 * refunded yet), from the submission it is written from: what its confirmation's calendar file is made of, without
 * reading the row back. `id` is not known before the INSERT and plays no part in the calendar.
 */
function asWritten(bookingNumber: string, prepared: PreparedBooking, payment: { intentId: string } | null): ManagedBooking {
  const { row, passenger } = prepared;
  return {
    id: 0,
    bookingNumber,
    status: 'confirmed',
    jobStage: null,
    onTheWayAt: null,
    flight: null,
    revision: 0,
    rideType: prepared.bookingType === 'milleage' ? 'Q' : 'H',
    pickupAt: new Date(prepared.pickupAt),
    returnAt: prepared.returnAt === null ? null : new Date(prepared.returnAt),
    pickupAddress: prepared.pickupAddress,
    dropoffAddress: prepared.dropoffAddress,
    // The stops as written (their one-line text): what the calendar lists between pick-up and drop-off.
    stops: prepared.stops.map((stop) => ({ street_name: stop.stop_address, number: '', postcode: '' })),
    journeySeconds: row.breakdown.duration_seconds,
    returnJourneySeconds: row.breakdown.return_duration_seconds,
    hireHours: prepared.hours,
    flightNo: prepared.flightNo,
    returnFlightNo: prepared.returnFlightNo,
    vehicleCategory: row.vehicle_type,
    vehicleQty: prepared.quantity,
    companyName: row.company_name,
    totalPassengers: prepared.totalPassengers,
    passengerId: passenger.passengerId,
    passengerName: passenger.name,
    passengerEmail: passenger.email,
    paymentMethod: prepared.paymentMethod,
    currency: prepared.currency,
    totalPence: prepared.totalPence,
    driverName: null,
    driverId: null,
    driverPhone: null,
    vehicleRegistration: null,
    assignedVehicle: null,
    quoteId: prepared.quoteId,
    vehicleId: row.vehicle_id,
    companyId: row.company_id,
    options: prepared.options,
    passengerPhone: passenger.phone,
    cancelledAt: null,
    cancelledBy: null,
    cancellationFeePence: null,
    payment: payment ? { intentId: payment.intentId, amountPence: prepared.totalPence, refundedPence: 0, currency: prepared.currency } : null,
    cancellationRefund: null,
  };
}

/**
 * What a new booking's confirmation carries for managing it, made before the booking is written: a new manage link
 * (its token for the mail, the SHA-256 the booking's INSERT stores) and the booking's .ics.
 */
export function newBookingConfirmation(
  site: Site,
  settingRows: readonly SettingRow[],
  bookingNumber: string,
  prepared: PreparedBooking,
  payment: { intentId: string } | null,
  publicUrl: string,
  now: Date,
): { manage: ConfirmationManage; manageTokenHash: Buffer } {
  const token = newSessionToken();
  const { filename, text } = bookingCalendar(asWritten(bookingNumber, prepared, payment), operatorOf(settingsFromRows(settingRows), site.name), now);
  return {
    manage: { manageUrl: manageLinkUrl(siteOrigin(site, publicUrl), token), calendar: { filename, contentType: CALENDAR_CONTENT_TYPE, content: text } },
    manageTokenHash: hashSessionToken(token),
  };
}
