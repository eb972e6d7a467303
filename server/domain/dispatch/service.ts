import type { Assignable, DispatchResponse } from '../../../contract/consoleBookings.ts';
import {
  ASSIGNED_DRIVER_FIELDS,
  ASSIGNED_VEHICLE_FIELDS,
  DISPATCH_MESSAGES,
  dispatchNotBefore,
  dispatchTimingOf,
  driverLicenceExpiredMessage,
  tooEarlyMessage,
  illegalTransitionMessage,
  nextStatus,
  vehicleLicenceExpiredMessage,
  type AssignedDriver,
  type AssignedVehicle,
  type BookingStatus,
} from '../../../contract/dispatch.ts';
import type { dispatchRequestSchema } from '../../../contract/consoleBookings.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { z } from 'zod';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { binaryAttachment, enqueueMail, mailIdentity, type MailMessage, type MailPort } from '../../adapters/mail/index.ts';
import type { PaymentsPort } from '../../adapters/payments/port.ts';
import { DomainError } from '../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { bookingCardPayments, cardPaymentsTotal, recordBookingRefund, sendRefund, type RefundRow } from '../bookings/refunds.ts';
import { createDriversRepository } from '../drivers/repository.ts';
import { createFleetRepository } from '../fleet/repository.ts';
import { cancellationRefundKey } from '../manage/record.ts';
import { operatorOf } from '../manage/terms.ts';
import { londonParts } from '../pricing/londonTime.ts';
import { receiptPdf } from '../receipts/index.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { loadBookingDetail } from './detail.ts';
import { flightRulesOf } from '../flights/rules.ts';
import { publishBookingEvent } from './events.ts';
import { queueBookingText, textSite } from '../texts/texts.ts';
import { acceptedMail, completedMail, driverAssignedMail, operatorCancelledMail } from './mails.ts';
import { createDispatchRepository, type DispatchColumns, type DispatchRow } from './repository.ts';

export type DispatchInput = z.output<typeof dispatchRequestSchema>;

/**
 * What a caller adds to a transition inside its transaction (the driver's app, issue 32): `check` runs once the
 * booking is locked, before the table is read (a refusal there changes nothing); `after` runs once the booking is
 * written, before the audit entry. `keepsOffers`: the caller settles the driver offers itself (a driver's accept).
 */
export interface TransitionHooks {
  check?(tx: Queryable, booking: DispatchRow): Promise<void>;
  after?(tx: Queryable, booking: DispatchRow): Promise<void>;
  keepsOffers?: boolean;
  /** The audit action instead of `booking.<event>` (e.g. 'booking.driver_complete'). */
  action?: string;
  /** When it happened, if not now: a driver's tap sent late records the time it was tapped (bounded by the caller). */
  at?: Date;
}

/** The driver's part of a job, cleared when the office gives it to someone else or takes it off the driver. */
const NO_JOB_STAGE = { job_stage: null, on_the_way_at: null, arrived_at: null, on_board_at: null } as const;

export interface DispatchServiceDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  payments: PaymentsPort;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
}

/** The booking as a transition reads it, locked, with its card payments as one. */
interface Locked extends DispatchRow {
  payment: { intentId: string; amountPence: number; refundedPence: number; currency: string } | null;
}

export async function lockBooking(tx: Queryable, siteId: number, bookingNumber: string): Promise<Locked | null> {
  const row = await createDispatchRepository(tx).lockBooking(siteId, bookingNumber);
  if (!row) return null;
  // The booking's card payments as one: its payment and the charges of its paid changes.
  const payments = row.paid ? await bookingCardPayments(tx, siteId, row.id) : [];
  const total = cardPaymentsTotal(payments);
  return { ...row, payment: total ? { intentId: payments[0].intentId, currency: payments[0].currency, ...total } : null };
}

/** What the audit log keeps of a booking's dispatch state (before and after). */
const dispatchState = (status: BookingStatus, driver: AssignedDriver | null, vehicle: AssignedVehicle | null, extra: Record<string, unknown> = {}) => ({
  status,
  driver: driver ? { id: driver.id, name: driver.name, licence_number: driver.licence_number } : null,
  vehicle: vehicle ? { id: vehicle.id, registration: vehicle.registration, licence_number: vehicle.licence_number } : null,
  ...extra,
});

/**
 * The operator's dispatch of a booking: every transition of contract/dispatch.ts's table, and nothing else. Each runs
 * in one transaction that locks the booking row, checks the table (409 otherwise: nothing changes), raises the
 * revision, writes the audit entry (before/after), queues the passenger's mail and publishes the console event; a
 * cancellation's card refund is recorded there too (one per booking, whatever the number of clicks) and asked of the
 * processor after the commit.
 */
export function createDispatchService(deps: DispatchServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const fleet = createFleetRepository(deps.db);

  async function siteContext(site: Site) {
    const catalog = await deps.cache.catalog(site.id);
    const settings = settingsFromRows(catalog.settings);
    return { operator: operatorOf(settings, site.name), identity: mailIdentity(catalog.settings, site.name), timing: dispatchTimingOf(settings), texts: textSite(site, catalog.settings, null) };
  }

  /** A booking as the console shows it (with the instants its timed events wait for), or null. */
  async function detail(siteId: number, bookingNumber: string) {
    const settings = settingsFromRows((await deps.cache.catalog(siteId)).settings);
    return loadBookingDetail(deps.db, siteId, bookingNumber, dispatchTimingOf(settings), flightRulesOf(settings));
  }

  /** The London day licences must still be valid on: the job's day, or today if that is later. */
  const validOn = (pickupAt: Date) => {
    const today = londonParts(now()).date;
    const job = londonParts(pickupAt).date;
    return job > today ? job : today;
  };

  async function assignable(siteId: number, bookingNumber: string): Promise<Assignable> {
    const trip = await createDispatchRepository(deps.db).trip(siteId, bookingNumber);
    if (!trip) throw new DomainError('not_found', DISPATCH_MESSAGES.notFound);
    const day = validOn(trip.pickupAt);
    const today = londonParts(now()).date;
    const drivers = (await fleet.drivers(siteId, today)).filter((driver) => driver.active && driver.licence_expiry >= day);
    const vehicles = (await fleet.vehicles(siteId, today))
      .filter((vehicle) => vehicle.active && vehicle.licence_expiry >= day)
      .map((vehicle) => ({ ...vehicle, same_category: vehicle.category_id === trip.vehicleId }))
      .sort((a, b) => Number(b.same_category) - Number(a.same_category));
    return { success: true, valid_on: day, drivers, vehicles };
  }

  /** The snapshots of an assignment, or the 404/422 that refuses it. */
  async function snapshots(tx: Queryable, siteId: number, booking: Locked, driverId: number, vehicleId: number): Promise<{ driver: AssignedDriver; vehicle: AssignedVehicle }> {
    const today = londonParts(now()).date;
    const day = validOn(booking.pickupAt);
    const registers = createFleetRepository(tx);
    // Locked until the commit: a licence edited meanwhile cannot slip past the check below.
    const driver = await registers.driver(siteId, driverId, today, true);
    if (!driver) throw new DomainError('not_found', DISPATCH_MESSAGES.driverNotFound);
    const vehicle = await registers.vehicle(siteId, vehicleId, today, true);
    if (!vehicle) throw new DomainError('not_found', DISPATCH_MESSAGES.vehicleNotFound);
    if (!driver.active) throw new DomainError('unprocessable', DISPATCH_MESSAGES.driverInactive);
    if (!vehicle.active) throw new DomainError('unprocessable', DISPATCH_MESSAGES.vehicleInactive);
    if (driver.licence_expiry < day) throw new DomainError('unprocessable', driverLicenceExpiredMessage(driver.name, driver.licence_expiry, day));
    if (vehicle.licence_expiry < day) throw new DomainError('unprocessable', vehicleLicenceExpiredMessage(vehicle.registration, vehicle.licence_expiry, day));
    const pick = <T extends object, K extends keyof T>(record: T, fields: readonly K[]) => Object.fromEntries(fields.map((field) => [field, record[field]])) as Pick<T, K>;
    return { driver: pick(driver, ASSIGNED_DRIVER_FIELDS), vehicle: pick(vehicle, ASSIGNED_VEHICLE_FIELDS) };
  }

  async function transition(site: Site, actor: Actor, bookingNumber: string, input: DispatchInput, hooks: TransitionHooks = {}): Promise<DispatchResponse> {
    const { operator, identity, timing, texts } = await siteContext(site);
    const siteId = site.id;
    const outcome = await deps.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, siteId, bookingNumber);
      if (!booking) throw new DomainError('not_found', DISPATCH_MESSAGES.notFound);
      await hooks.check?.(tx, booking);
      const to = nextStatus(booking.status, input.event);
      if (to === null) throw new DomainError('conflict', illegalTransitionMessage(booking.status, input.event), { status: booking.status, revision: booking.revision });
      if (input.revision !== undefined && input.revision !== booking.revision) {
        throw new DomainError('conflict', DISPATCH_MESSAGES.revisionChanged, { status: booking.status, revision: booking.revision });
      }
      // Recorded at the caller's time when given (a driver's late tap); the time rules are the server's clock's.
      const at = hooks.at ?? now();
      // Completing and a no-show wait for the pick-up (issue 30): the passenger may still cancel until then.
      const notBefore = dispatchNotBefore(input.event, booking.pickupAt, timing);
      if (notBefore && now() < notBefore) {
        throw new DomainError('too_early', tooEarlyMessage(input.event, notBefore), { status: booking.status, revision: booking.revision, not_before: notBefore.toISOString() });
      }
      const before = dispatchState(booking.status, booking.driver, booking.vehicle);
      let after = dispatchState(to, booking.driver, booking.vehicle);
      let mails: MailMessage[] = [];
      let refunds: RefundRow[] = [];
      let message: string;
      const update = (columns: DispatchColumns) => createDispatchRepository(tx).transition(siteId, booking.id, to, columns);

      switch (input.event) {
        case 'accept':
          await update({ accepted_at: at });
          mails = acceptedMail(identity, operator, booking);
          message = DISPATCH_MESSAGES.accepted;
          break;
        case 'assign': {
          const { driver, vehicle } = await snapshots(tx, siteId, booking, input.driver_id, input.vehicle_id);
          await update({ assigned_driver: driver, assigned_vehicle: vehicle, driver_name: driver.name, vehicle_registration: vehicle.registration, assigned_at: at, ...NO_JOB_STAGE });
          after = dispatchState(to, driver, vehicle);
          mails = driverAssignedMail(identity, operator, booking, driver.name, vehicle);
          message = DISPATCH_MESSAGES.assigned;
          break;
        }
        case 'unassign':
          await update({ assigned_driver: null, assigned_vehicle: null, driver_name: null, vehicle_registration: null, assigned_at: null, ...NO_JOB_STAGE });
          after = dispatchState(to, null, null);
          message = DISPATCH_MESSAGES.unassigned;
          break;
        case 'complete':
          await update({ completed_at: at });
          {
            // In the completing transaction: the receipt reads the booking as completed, its invoice number commits with it.
            const receipt = await receiptPdf(tx, siteId, booking.id, at);
            const attachment = binaryAttachment(receipt.filename, receipt.contentType, receipt.content);
            // The fare as completed: a driver's extras (drivers/completion.ts, in `check`) may have raised it.
            const fare = await createDispatchRepository(tx).totalPence(siteId, booking.id);
            mails = completedMail(identity, operator, { ...booking, totalPence: fare ?? booking.totalPence }).map((mail) => ({ ...mail, attachments: [...(mail.attachments ?? []), attachment] }));
          }
          message = DISPATCH_MESSAGES.completed;
          break;
        case 'no_show':
          await update({ no_show_at: at });
          message = DISPATCH_MESSAGES.noShow;
          break;
        case 'cancel': {
          const refundable = booking.payment ? booking.payment.amountPence - booking.payment.refundedPence : 0;
          if (!booking.payment && input.refund_pence) throw new DomainError('unprocessable', DISPATCH_MESSAGES.refundNotCard);
          const refundPence = booking.payment ? (input.refund_pence ?? refundable) : 0;
          if (refundPence > refundable) throw new DomainError('unprocessable', DISPATCH_MESSAGES.refundTooLarge, { refundable_pence: refundable });
          await update({ cancelled_at: at, cancelled_by: 'operator', cancel_reason: input.reason, cancel_note: input.note || null });
          if (booking.payment && refundPence > 0) {
            // The booking's one cancellation refund (the passenger's manage page shows it), whoever cancels, spread
            // over its card payments (a paid change's charge too).
            refunds = await recordBookingRefund(tx, siteId, { bookingId: booking.id, amountPence: refundPence, reason: 'operator', idempotencyKey: cancellationRefundKey(booking.id) });
          }
          after = dispatchState(to, booking.driver, booking.vehicle, { reason: input.reason, note: input.note || null, refund_pence: refundPence });
          mails = operatorCancelledMail(identity, operator, booking, { reason: input.reason, paidByCard: booking.payment !== null, refundPence });
          message = DISPATCH_MESSAGES.cancelled;
          break;
        }
      }
      // The office's assign, unassign or cancel settles the driver offers: open ones are taken back, an accepted one ends.
      if (!hooks.keepsOffers && (input.event === 'assign' || input.event === 'unassign' || input.event === 'cancel')) await createDriversRepository(tx).settleOffersForOffice(siteId, booking.id, at);
      await hooks.after?.(tx, booking);
      await recordAudit(tx, actor, { siteId, action: hooks.action ?? `booking.${input.event}`, entityType: 'booking', entityId: booking.bookingNumber, before, after });
      for (const mail of mails) await enqueueMail(tx, siteId, mail);
      // The passenger's text (issue 33), once per assignment or cancellation, in this transaction.
      if (input.event === 'assign') await queueBookingText(tx, texts, booking.id, 'driver_assigned');
      if (input.event === 'cancel') await queueBookingText(tx, texts, booking.id, 'booking_cancelled');
      await publishBookingEvent(tx, siteId, { booking_number: booking.bookingNumber, kind: input.event === 'cancel' ? 'cancelled' : 'dispatched' });
      return { bookingId: booking.id, message, refunds, mailed: mails.length > 0 };
    });
    if (outcome.mailed) deps.mail.kick();
    deps.log.info({ site_id: siteId, booking: bookingNumber, event: input.event }, 'booking dispatched');
    const sent: RefundRow[] = [];
    for (const recorded of outcome.refunds) {
      try {
        const refund = await sendRefund(deps.db, deps.payments, siteId, recorded);
        if (refund.status === 'failed') deps.log.error({ site_id: siteId, booking: bookingNumber, refund: refund.providerRefundId }, "the processor failed the refund of an operator's cancellation");
        sent.push(refund);
      } catch (error) {
        deps.log.error({ site_id: siteId, booking: bookingNumber, err: error }, "refund of an operator's cancellation not made yet");
        sent.push({ ...recorded, status: 'failed' });
      }
    }
    const status: RefundRow['status'] = sent.some((refund) => refund.status === 'failed') ? 'failed' : sent.some((refund) => refund.status === 'pending') ? 'pending' : 'succeeded';
    const refund = sent.length > 0 ? { amountPence: sent.reduce((sum, part) => sum + part.amountPence, 0), status } : null;
    const booking = (await loadBookingDetail(deps.db, siteId, bookingNumber, timing, flightRulesOf(settingsFromRows((await deps.cache.catalog(siteId)).settings))))!;
    return { success: true, message: outcome.message, booking, refund: refund ? { amount_pence: refund.amountPence, status: refund.status } : null };
  }

  return { transition, assignable, detail };
}

export type DispatchService = ReturnType<typeof createDispatchService>;

