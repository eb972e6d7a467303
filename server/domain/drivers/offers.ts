import { DRIVER_MESSAGES, type ConsoleOffer, type DriverOffer, type TapResponse } from '../../../contract/driver.ts';
import type { Db } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUniqueViolation } from '../bookings/paymentsRepository.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { lockBooking, type DispatchService } from '../dispatch/service.ts';
import { DomainError } from '../errors.ts';
import { createFleetRepository } from '../fleet/repository.ts';
import { londonParts } from '../pricing/londonTime.ts';
import type { Site } from '../sites/index.ts';
import type { DriverJobs } from './jobs.ts';
import { toDriverJob } from './jobs.ts';
import { createDriversRepository, type OfferRecord } from './repository.ts';
import type { RecordTap } from './taps.ts';

export const toConsoleOffer = (offer: OfferRecord): ConsoleOffer => ({
  id: offer.id,
  driver: { id: offer.driverId, name: offer.driverName },
  vehicle_id: offer.vehicleId,
  state: offer.state,
  offered_at: offer.offeredAt.toISOString(),
  expires_at: offer.expiresAt.toISOString(),
  answered_at: offer.answeredAt?.toISOString() ?? null,
  automatic: offer.automatic,
});

/** The area of an address for an offer: its postcode's outward code when it has one, else its last part. */
export function areaOf(address: string): string {
  const postcode = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}\b/i.exec(address);
  if (postcode) return postcode[1].toUpperCase();
  const parts = address.split(',').map((part) => part.trim()).filter(Boolean);
  return parts.at(-1) ?? '';
}

/** Why an offer a driver answers is no longer open, in their words. */
function closedMessage(offer: OfferRecord, driverId: number): string {
  if (offer.state === 'accepted') return offer.driverId === driverId ? DRIVER_MESSAGES.offerAccepted : DRIVER_MESSAGES.offerTaken;
  if (offer.state === 'expired') return DRIVER_MESSAGES.offerExpired;
  if (offer.state === 'declined') return DRIVER_MESSAGES.offerDeclined;
  if (offer.bookingStatus !== 'accepted') return offer.bookingStatus === 'driver_assigned' ? DRIVER_MESSAGES.offerTaken : DRIVER_MESSAGES.offerWithdrawn;
  return DRIVER_MESSAGES.offerWithdrawn;
}

export interface DriverOffersDeps {
  db: Db;
  dispatch: DispatchService;
  jobs: DriverJobs;
  now: () => Date;
}

/**
 * Offers (issue 32): a dispatcher offers an accepted booking to a driver on duty (with their shift's vehicle); the
 * driver accepts (the booking is assigned to them through the dispatch service, with its licence checks and the
 * passenger's mail) or declines; an offer not answered within the owner's countdown has timed out, which the server
 * decides whenever it reads or is tapped (no timer). One booking offered to several drivers at once is won by one:
 * every answer locks the booking's row first, and the database keeps at most one accepted offer per booking.
 */
export function createDriverOffers(deps: DriverOffersDeps) {
  const { db } = deps;

  return {
    async offer(site: Site, actor: Actor, bookingNumber: string, driverId: number): Promise<ConsoleOffer> {
      const timing = await deps.jobs.timingOf(site.id);
      const at = deps.now();
      const offerId = await db.transaction(async (tx) => {
        const booking = await lockBooking(tx, site.id, bookingNumber);
        if (!booking) throw new DomainError('not_found', 'No such booking on this site');
        if (booking.status !== 'accepted') throw new DomainError('conflict', DRIVER_MESSAGES.notOfferable, { status: booking.status });
        const today = londonParts(at).date;
        const day = [today, londonParts(booking.pickupAt).date].sort()[1];
        const driver = await createFleetRepository(tx).driver(site.id, driverId, today);
        if (!driver) throw new DomainError('not_found', DRIVER_MESSAGES.driverNotFound);
        if (!driver.active) throw new DomainError('unprocessable', DRIVER_MESSAGES.driverInactive);
        if (driver.licence_expiry < day) throw new DomainError('unprocessable', `${driver.name}'s PHV driver licence expires on ${driver.licence_expiry}, before ${day}: the job cannot be offered to them`);
        const drivers = createDriversRepository(tx);
        const shift = await drivers.openShift(site.id, driverId);
        if (!shift) throw new DomainError('unprocessable', DRIVER_MESSAGES.driverNotOnDuty);
        let id: number;
        try {
          id = await drivers.insertOffer(site.id, { bookingId: booking.id, driverId, vehicleId: shift.vehicle.id, offeredAt: at, expiresAt: new Date(at.getTime() + timing.offerSeconds * 1000) });
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError('conflict', DRIVER_MESSAGES.offerOpen);
          throw error;
        }
        await recordAudit(tx, actor, { siteId: site.id, action: 'booking.offer', entityType: 'booking', entityId: bookingNumber, before: null, after: { offer: id, driver: { id: driverId, name: driver.name }, vehicle: shift.vehicle.registration, seconds: timing.offerSeconds } });
        await publishBookingEvent(tx, site.id, { booking_number: bookingNumber, kind: 'dispatched' });
        return id;
      });
      return toConsoleOffer((await createDriversRepository(db).offer(site.id, offerId))!);
    },

    /** A booking's offers, oldest first, with the lapsed ones settled. */
    async ofBooking(siteId: number, bookingNumber: string): Promise<ConsoleOffer[]> {
      await createDriversRepository(db).settleLapsedOffers(siteId, deps.now());
      return (await createDriversRepository(db).bookingOffers(siteId, bookingNumber)).map(toConsoleOffer);
    },

    /** The driver's open offers, soonest to lapse first. */
    async openFor(siteId: number, driverId: number): Promise<DriverOffer[]> {
      const now = deps.now();
      const repository = createDriversRepository(db);
      await repository.settleLapsedOffers(siteId, now);
      const timing = await deps.jobs.timingOf(siteId);
      return (await repository.openOffersOf(siteId, driverId, now)).map((row) => {
        const job = toDriverJob(row, [], timing);
        const expiresAt = new Date(row.expires_at as string);
        return {
          id: Number(row.offer_id),
          booking_number: job.booking_number,
          expires_at: expiresAt.toISOString(),
          seconds_left: Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
          pickup_at: job.pickup_at,
          pickup_area: areaOf(job.pickup_address),
          dropoff_area: areaOf(job.dropoff_address),
          vehicle_category: job.vehicle_category,
          fare: job.fare,
        };
      });
    },

    /** The driver's accept: the booking becomes theirs, or a 409 offer_closed says why not. */
    async accept(site: Site, actor: Extract<Actor, { kind: 'driver' }>, offerId: number, record: RecordTap): Promise<TapResponse> {
      const now = deps.now();
      const repository = createDriversRepository(db);
      await repository.settleLapsedOffers(site.id, now);
      const offer = await repository.offer(site.id, offerId);
      if (!offer || offer.driverId !== actor.driverId) throw new DomainError('not_found', DRIVER_MESSAGES.offerNotFound);
      const timing = await deps.jobs.timingOf(site.id);
      let answer: TapResponse | null = null;
      await deps.dispatch.transition(
        site,
        actor,
        offer.bookingNumber,
        { event: 'assign', driver_id: actor.driverId, vehicle_id: offer.vehicleId },
        {
          keepsOffers: true,
          action: 'booking.driver_accept',
          // The booking is locked: every answer to its offers queues here, so the first accept decides.
          check: async (tx) => {
            const current = (await createDriversRepository(tx).offer(site.id, offerId))!;
            if (current.state !== 'open' || current.bookingStatus !== 'accepted' || current.expiresAt <= now) {
              const closed = current.state === 'open' && current.expiresAt <= now ? { ...current, state: 'expired' as const } : current;
              throw new DomainError('offer_closed', closedMessage(closed, actor.driverId), { offer_state: closed.state });
            }
          },
          after: async (tx, booking) => {
            const drivers = createDriversRepository(tx);
            await drivers.setOfferState(site.id, offerId, 'accepted', now);
            await drivers.withdrawOtherOffers(site.id, booking.id, offerId, now);
            answer = { success: true, message: DRIVER_MESSAGES.offerAccepted, job: await deps.jobs.view(tx, site.id, offer.bookingNumber, timing) };
            await record(tx, answer);
          },
        },
      );
      return answer!;
    },

    /** The driver's decline: the job is back with the office (the board hears of it). */
    async decline(site: Site, actor: Extract<Actor, { kind: 'driver' }>, offerId: number, record: RecordTap): Promise<TapResponse> {
      const now = deps.now();
      await createDriversRepository(db).settleLapsedOffers(site.id, now);
      const offer = await createDriversRepository(db).offer(site.id, offerId);
      if (!offer || offer.driverId !== actor.driverId) throw new DomainError('not_found', DRIVER_MESSAGES.offerNotFound);
      return db.transaction(async (tx) => {
        await lockBooking(tx, site.id, offer.bookingNumber);
        const drivers = createDriversRepository(tx);
        const current = (await drivers.offer(site.id, offerId))!;
        if (current.state !== 'open' || current.bookingStatus !== 'accepted' || current.expiresAt <= now) {
          throw new DomainError('offer_closed', closedMessage(current.state === 'open' && current.expiresAt <= now ? { ...current, state: 'expired' } : current, actor.driverId), { offer_state: current.state });
        }
        await drivers.setOfferState(site.id, offerId, 'declined', now);
        await recordAudit(tx, actor, { siteId: site.id, action: 'booking.driver_decline', entityType: 'booking', entityId: offer.bookingNumber, before: { offer: offerId, state: 'open' }, after: { offer: offerId, state: 'declined' } });
        await publishBookingEvent(tx, site.id, { booking_number: offer.bookingNumber, kind: 'dispatched' });
        const answer: TapResponse = { success: true, message: DRIVER_MESSAGES.declined, job: null };
        await record(tx, answer);
        return answer;
      });
    },
  };
}

export type DriverOffers = ReturnType<typeof createDriverOffers>;
