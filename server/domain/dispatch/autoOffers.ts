import { driverTimingOf } from '../../../contract/dispatch.ts';
import { settingsFromRows, type Settings } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { createDriversRepository } from '../drivers/repository.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import { londonParts } from '../pricing/londonTime.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import {
  AUTO_OFFER_TEXTS,
  DEFAULT_SPEED_KMH,
  chooseDrivers,
  jobSpan,
  straightLineEstimate,
  unsuitableReason,
  type AutoOfferCandidate,
  type AutoOfferJob,
  type Estimate,
  type Point,
} from './autoOfferRanking.ts';
import { createAutoOffersRepository } from './autoOffersRepository.ts';
import { publishBookingEvent, type BookingEventHub } from './events.ts';
import { createPickupPoints } from './pickupPoints.ts';

/**
 * Automatic offers (issue 33): with the owner's AUTO_OFFERS switch on, a booking waiting for a driver (accepted, no
 * driver, no offer open) is offered — through the same driver_offers rows and driver's app as a dispatcher's offer —
 * to the best suitable driver on duty: the shortest estimated time to the pick-up (the straight line at the owner's
 * speed offline, the maps port's route when Google is keyed). Pre-booked jobs from AUTO_OFFER_LEAD_MINUTES before
 * the pick-up. A decline or no answer goes to the next driver; after AUTO_OFFER_TRIES the passes stop and the booking
 * needs a person (`autoOfferGaveUp`). Every decision is a line on the booking's timeline (the audit log).
 *
 * Several processes run passes: each booking is decided under its row lock taken with SKIP LOCKED (a process that
 * finds it locked leaves it to the one holding it), and the database keeps one open automatic offer per booking and
 * per driver (migration 029), so two processes never offer one job to two drivers at once.
 */

export const AUTO_OFFER_DEFAULTS = { leadMinutes: 60, tries: 3, speedKmh: DEFAULT_SPEED_KMH } as const;
/** A booking whose pick-up passed longer ago than this is left to a person: no driver can be there in time. */
export const STALE_MINUTES = 30;
/** Bookings decided per site and pass; the rest wait for the next pass. */
const PASS_LIMIT = 50;
/** After a booking event, a site's pass waits this long (events of one change arrive together: one pass for them). */
const EVENT_DELAY_MS = 100;
/** With Google keyed, this many of the nearest drivers (straight line) are routed; the rest rank after them by the straight line. */
const ROUTED_CANDIDATES = 3;

/** The timeline's writer: automation, as the retention job's (audit_log's 'admin-token' kind is automation and the CLI). */
export const AUTO_OFFER_ACTOR: Actor = { kind: 'admin-token', role: 'owner' };

export interface AutoOfferSettings {
  on: boolean;
  leadMinutes: number;
  tries: number;
  speedKmh: number;
}

const whole = (value: string | null | undefined, fallback: number, min: number, max: number) => {
  const text = value?.trim() ?? '';
  return /^\d{1,7}$/.test(text) ? Math.min(max, Math.max(min, Number(text))) : fallback;
};

/** The owner's settings of automatic offers (a missing or unreadable value is its default; off unless 'enable'). */
export const autoOfferSettingsOf = (settings: Pick<Settings, 'AUTO_OFFERS' | 'AUTO_OFFER_LEAD_MINUTES' | 'AUTO_OFFER_TRIES' | 'AUTO_OFFER_SPEED_KMH'>): AutoOfferSettings => ({
  on: settings.AUTO_OFFERS === 'enable',
  leadMinutes: whole(settings.AUTO_OFFER_LEAD_MINUTES, AUTO_OFFER_DEFAULTS.leadMinutes, 0, 1_440),
  tries: whole(settings.AUTO_OFFER_TRIES, AUTO_OFFER_DEFAULTS.tries, 1, 20),
  speedKmh: whole(settings.AUTO_OFFER_SPEED_KMH, AUTO_OFFER_DEFAULTS.speedKmh, 5, 120),
});

/** For the needs-action queue: the bookings still waiting for a driver that automatic offers gave up on, when and why. */
export interface AutoOfferGiveUp {
  booking_id: number;
  booking_number: string;
  gave_up_at: string;
  reason: string;
}

/**
 * Which bookings automatic offers gave up on (still waiting for a driver: an assigned or cancelled one is no longer
 * listed), all of the site's or those of `bookingNumbers`. The needs-action queue reads this; nothing else is shared.
 */
export async function autoOfferGaveUp(db: Queryable, siteId: number, bookingNumbers: readonly string[] | null = null): Promise<AutoOfferGiveUp[]> {
  const rows = await createAutoOffersRepository(db).gaveUp(siteId, bookingNumbers);
  return rows.map((row) => ({ booking_id: Number(row.id), booking_number: String(row.booking_number), gave_up_at: new Date(row.gave_up_at as string).toISOString(), reason: String(row.gave_up_reason) }));
}

/** What one pass did, per booking: for the log and the tests. */
export type AutoOfferDecision =
  | { booking: string; kind: 'offered'; driverId: number; text: string }
  | { booking: string; kind: 'nobody'; text: string }
  | { booking: string; kind: 'stopped'; text: string }
  | { booking: string; kind: 'skipped'; why: 'locked' | 'not_waiting' };

interface Log {
  error(details: object, message: string): void;
}

const wantsWheelchair = (options: Record<string, unknown>) => options.wheel_chair === 'yes' || options.return_wheel_chair === 'yes';
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number.parseInt(String(value ?? '0'), 10) || 0);

export function createAutoOffers(deps: { db: Db; cache: SiteCache; maps: MapsPort; now: () => Date; log: Log }) {
  const { db } = deps;

  const pickupPoints = createPickupPoints(deps);

  /** The on-duty drivers of the site as the rules see them, with how each answered this booking before. */
  async function candidatesFor(tx: Queryable, siteId: number, now: Date, earlier: Map<number, 'declined' | 'expired'>): Promise<AutoOfferCandidate[]> {
    const repository = createAutoOffersRepository(tx);
    const rows = await repository.candidates(siteId, now);
    const driverIds = rows.map((row) => Number(row.driver_id));
    const jobs = await repository.assignedJobs(siteId, driverIds, now);
    return rows.map((row) => {
      const driverId = Number(row.driver_id);
      return {
        driverId,
        name: String(row.name),
        driverActive: Boolean(row.driver_active),
        driverLicenceExpiry: String(row.driver_licence_expiry),
        vehicle: {
          id: Number(row.vehicle_id),
          registration: String(row.registration),
          active: Boolean(row.vehicle_active),
          licenceExpiry: String(row.vehicle_licence_expiry),
          categoryId: Number(row.category_id),
          categoryName: String(row.category_name),
          seats: Number(row.seats),
          luggage: Number(row.luggage),
          handLuggage: Number(row.hand_luggage),
          wheelchair: Boolean(row.wheelchair),
        },
        position: row.lat === null || row.lat === undefined ? null : { lat: Number(row.lat), lng: Number(row.lng) },
        jobs: jobs
          .filter((job) => Number(job.driver_id) === driverId)
          .map((job) => {
            const span = jobSpan({
              pickupAt: new Date(job.pick_up_at as string),
              durationSeconds: job.duration_seconds === null ? null : Number(job.duration_seconds),
              hireHours: job.hourly_duration === null ? null : Number(job.hourly_duration),
              returnAt: job.return_at ? new Date(job.return_at as string) : null,
            });
            // A job under way keeps its driver at least until now.
            const endsAt = job.job_stage && span.endsAt < now ? now : span.endsAt;
            return { bookingNumber: String(job.booking_number), startsAt: span.startsAt, endsAt };
          }),
        hasOpenOffer: Boolean(row.has_open_offer),
        earlier: earlier.get(driverId) ?? null,
      };
    });
  }

  /** Estimates for the suitable drivers: the straight line; with Google keyed, the nearest few routed by road. */
  async function estimates(candidates: readonly AutoOfferCandidate[], pickup: Point | null, speedKmh: number): Promise<Map<number, Estimate | null>> {
    const result = new Map<number, Estimate | null>();
    for (const candidate of candidates) result.set(candidate.driverId, pickup && candidate.position ? straightLineEstimate(candidate.position, pickup, speedKmh) : null);
    if (deps.maps.kind !== 'google' || !pickup) return result;
    const nearest = candidates
      .filter((candidate) => result.get(candidate.driverId))
      .sort((a, b) => result.get(a.driverId)!.metres - result.get(b.driverId)!.metres)
      .slice(0, ROUTED_CANDIDATES);
    await Promise.all(
      nearest.map(async (candidate) => {
        try {
          const route = await deps.maps.route([
            { lat: candidate.position!.lat, lon: candidate.position!.lng },
            { lat: pickup.lat, lon: pickup.lng },
          ]);
          if (!route.estimated) result.set(candidate.driverId, { metres: route.miles * 1609.344, seconds: route.seconds, byRoad: true });
        } catch {
          // The straight line stands.
        }
      }),
    );
    // Routed drivers rank among themselves by road; an unrouted one keeps the straight line (a fair guess).
    return result;
  }

  /** One booking: its automatic offers' outcomes written, then (if still waiting) the next offer, or nobody, or stop. */
  async function decide(site: Site, settings: AutoOfferSettings, bookingId: number): Promise<AutoOfferDecision | null> {
    const now = deps.now();
    const timing = driverTimingOf(settingsFromRows((await deps.cache.catalog(site.id)).settings));
    const peek = await createAutoOffersRepository(db).booking(site.id, bookingId);
    if (!peek) return null;
    const pickup = peek.status === 'accepted' ? await pickupPoints.pointOf(site, peek) : null;
    return db.transaction(async (tx) => {
      const repository = createAutoOffersRepository(tx);
      const booking = await repository.lockBookingOrSkip(site.id, bookingId);
      if (!booking) return { booking: peek.bookingNumber, kind: 'skipped', why: 'locked' };
      const offers = await repository.autoOffersOf(site.id, bookingId);
      // The outcomes not yet on the timeline, each once (the row is locked: no other process writes them).
      for (const offer of offers.filter((entry) => entry.outcomeNotedAt === null && (entry.state === 'declined' || entry.state === 'expired'))) {
        const text = offer.state === 'declined' ? AUTO_OFFER_TEXTS.declined(offer.note) : AUTO_OFFER_TEXTS.expired(offer.note, Math.round((offer.expiresAt.getTime() - offer.offeredAt.getTime()) / 1000));
        await recordAudit(tx, AUTO_OFFER_ACTOR, { siteId: site.id, action: 'booking.auto_offer_outcome', entityType: 'booking', entityId: booking.bookingNumber, before: null, after: { text, offer: offer.id, driver: { id: offer.driverId, name: offer.driverName }, state: offer.state } });
        await repository.markOutcomeNoted(site.id, offer.id, now);
      }
      const state = await repository.state(site.id, bookingId);
      const waiting =
        booking.status === 'accepted' &&
        (await repository.openOffers(site.id, bookingId)) === 0 &&
        !state?.gaveUpAt &&
        booking.pickupAt.getTime() <= now.getTime() + settings.leadMinutes * 60_000 &&
        booking.pickupAt.getTime() > now.getTime() - STALE_MINUTES * 60_000;
      if (!waiting) return { booking: booking.bookingNumber, kind: 'skipped', why: 'not_waiting' };

      const failed = offers.filter((offer) => offer.state === 'declined' || offer.state === 'expired');
      if (failed.length >= settings.tries) {
        const declined = failed.filter((offer) => offer.state === 'declined').length;
        const text = AUTO_OFFER_TEXTS.stopped(failed.length);
        await repository.giveUp(site.id, bookingId, now, AUTO_OFFER_TEXTS.gaveUpReason(declined, failed.length - declined));
        await recordAudit(tx, AUTO_OFFER_ACTOR, { siteId: site.id, action: 'booking.auto_offer_stopped', entityType: 'booking', entityId: booking.bookingNumber, before: null, after: { text, tries: failed.length, declined, no_answer: failed.length - declined } });
        await publishBookingEvent(tx, site.id, { booking_number: booking.bookingNumber, kind: 'dispatched' });
        return { booking: booking.bookingNumber, kind: 'stopped', text };
      }

      // A driver who already declined this job or let it time out, ours or a dispatcher's offer, is not asked again.
      const earlier = new Map<number, 'declined' | 'expired'>();
      for (const answer of await repository.answeredBy(site.id, bookingId)) earlier.set(answer.driverId, answer.state);
      const candidates = await candidatesFor(tx, site.id, now, earlier);
      const span = jobSpan({ pickupAt: booking.pickupAt, durationSeconds: booking.durationSeconds, hireHours: booking.hireHours, returnAt: booking.returnAt });
      const today = londonParts(now).date;
      const job: AutoOfferJob = {
        bookingNumber: booking.bookingNumber,
        categoryId: booking.categoryId,
        categoryName: booking.categoryName,
        passengers: booking.passengers,
        luggage: count(booking.options.luggages),
        handLuggage: count(booking.options.hand_luggages),
        wheelchair: wantsWheelchair(booking.options),
        startsAt: span.startsAt,
        endsAt: span.endsAt,
        day: [today, londonParts(booking.pickupAt).date].sort()[1],
      };
      const suitable = candidates.filter((candidate) => unsuitableReason(job, candidate) === null);
      const estimated = await estimates(suitable, pickup, settings.speedKmh);
      const { ranked, passedOver } = chooseDrivers(job, candidates, (candidate) => estimated.get(candidate.driverId) ?? null);

      for (const { candidate, estimate } of ranked) {
        const offered = AUTO_OFFER_TEXTS.offered(candidate.name, estimate);
        // Refused when another process just gave this driver (or this job) an open automatic offer: the next driver.
        const offerId = await repository.insertAutoOffer(site.id, {
          bookingId,
          driverId: candidate.driverId,
          vehicleId: candidate.vehicle.id,
          offeredAt: now,
          expiresAt: new Date(now.getTime() + timing.offerSeconds * 1000),
          note: offered,
        });
        if (offerId === null) {
          // This driver just got another job's offer from another process: the next one. (This booking's own offer
          // cannot appear meanwhile: every offer of it is made under its row lock, which this transaction holds.)
          if ((await repository.openOffers(site.id, bookingId)) > 0) return { booking: booking.bookingNumber, kind: 'skipped', why: 'not_waiting' };
          continue;
        }
        const text = AUTO_OFFER_TEXTS.offeredLine(offered, passedOver);
        await recordAudit(tx, AUTO_OFFER_ACTOR, {
          siteId: site.id,
          action: 'booking.auto_offer',
          entityType: 'booking',
          entityId: booking.bookingNumber,
          before: null,
          after: {
            text,
            offer: offerId,
            driver: { id: candidate.driverId, name: candidate.name },
            vehicle: candidate.vehicle.registration,
            seconds: timing.offerSeconds,
            estimate: estimate ? { metres: Math.round(estimate.metres), seconds: estimate.seconds, by_road: estimate.byRoad } : null,
            try: failed.length + 1,
            passed_over: passedOver.map(({ driverId, name, reason }) => ({ driver_id: driverId, name, reason })),
          },
        });
        if (state?.lastNote) await repository.saveLastNote(site.id, bookingId, null);
        await publishBookingEvent(tx, site.id, { booking_number: booking.bookingNumber, kind: 'dispatched' });
        return { booking: booking.bookingNumber, kind: 'offered', driverId: candidate.driverId, text };
      }

      // Nobody: said once on the timeline until the reason changes; the next pass looks again (a driver may come on duty).
      const text = candidates.length === 0 ? AUTO_OFFER_TEXTS.nobodyOnDuty : AUTO_OFFER_TEXTS.nobodySuitable(passedOver);
      if (state?.lastNote !== text) {
        await recordAudit(tx, AUTO_OFFER_ACTOR, { siteId: site.id, action: 'booking.auto_offer_none', entityType: 'booking', entityId: booking.bookingNumber, before: null, after: { text, passed_over: passedOver.map(({ driverId, name, reason }) => ({ driver_id: driverId, name, reason })) } });
        await repository.saveLastNote(site.id, bookingId, text);
      }
      return { booking: booking.bookingNumber, kind: 'nobody', text };
    });
  }

  /** One pass over one site: lapsed offers settled, then each booking to decide, soonest pick-up first. Off: nothing. */
  async function runSite(site: Site): Promise<AutoOfferDecision[]> {
    const settings = autoOfferSettingsOf(settingsFromRows((await deps.cache.catalog(site.id)).settings));
    if (!settings.on) return [];
    const now = deps.now();
    await createDriversRepository(db).settleLapsedOffers(site.id, now);
    const bookingIds = await createAutoOffersRepository(db).bookingsToDecide(site.id, now, settings.leadMinutes, STALE_MINUTES, PASS_LIMIT);
    const decisions: AutoOfferDecision[] = [];
    for (const bookingId of bookingIds) {
      try {
        const decision = await decide(site, settings, bookingId);
        if (decision) decisions.push(decision);
      } catch (error) {
        deps.log.error({ err: error, siteId: site.id, bookingId }, 'automatic offer failed');
      }
    }
    return decisions;
  }

  /** One pass over every site. */
  async function runOnce(): Promise<AutoOfferDecision[]> {
    const decisions: AutoOfferDecision[] = [];
    for (const site of await deps.cache.sites()) {
      try {
        decisions.push(...(await runSite(site)));
      } catch (error) {
        deps.log.error({ err: error, siteId: site.id }, 'automatic offers pass failed');
      }
    }
    return decisions;
  }

  return {
    runOnce,
    runSite,
    place: pickupPoints.place,
    /**
     * Passes every `intervalMs` (never two at once in this process; the timer never keeps the process alive) and, with
     * the booking-event hub, a pass of a site soon after any of its booking events (a decline, a new or accepted
     * booking: the next driver need not wait for the timer; the passes' own offers are events too, which find nothing
     * to do). Returns the stop, which waits for the passes under way.
     */
    start(intervalMs: number, hub?: BookingEventHub): () => Promise<void> {
      if (intervalMs <= 0) return async () => undefined;
      const running = new Set<Promise<unknown>>();
      const track = (pass: Promise<unknown>) => {
        running.add(pass);
        void pass.finally(() => running.delete(pass));
      };
      let timed: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        if (timed) return;
        timed = runOnce().finally(() => (timed = null));
        track(timed);
      }, intervalMs);
      timer.unref();
      const due = new Set<number>();
      let stopped = false;
      const unsubscribe =
        hub?.subscribeAllSites((siteId, event) => {
          if (event.type !== 'booking' || due.has(siteId) || stopped) return;
          due.add(siteId);
          const soon = setTimeout(() => {
            due.delete(siteId);
            if (stopped) return;
            track(
              deps.cache
                .sites()
                .then((sites) => sites.find((site) => site.id === siteId))
                .then((site) => (site ? runSite(site) : []))
                .catch((error: unknown) => deps.log.error({ err: error, siteId }, 'automatic offers pass failed')),
            );
          }, EVENT_DELAY_MS);
          soon.unref();
        }) ?? (() => undefined);
      hub?.start().catch((error: unknown) => deps.log.error({ err: error }, 'automatic offers: booking events not heard; the timer still runs'));
      return async () => {
        stopped = true;
        clearInterval(timer);
        unsubscribe();
        await Promise.all(running);
      };
    },
  };
}

export type AutoOffers = ReturnType<typeof createAutoOffers>;
