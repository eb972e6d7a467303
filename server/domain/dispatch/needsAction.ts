import {
  CONSOLE_QUEUE_MESSAGES,
  NEEDS_ACTION_MAX,
  NEEDS_ACTION_REASONS,
  NEEDS_ACTION_TEXT,
  needsActionTimingOf,
  type NeedsActionQueue,
  type NeedsActionReason,
  type NeedsActionReasonCode,
  type NeedsActionTiming,
} from '../../../contract/consoleQueue.ts';
import { driverTimingOf, londonMoment } from '../../../contract/dispatch.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { changeSummary } from '../manage/changeMails.ts';
import type { SiteCache } from '../sites/index.ts';
import { toBoardRow } from './board.ts';
import { publishBookingEvent } from './events.ts';
import { createNeedsActionRepository } from './needsActionRepository.ts';
import { createDispatchRepository } from './repository.ts';
import { autoOfferGaveUp } from './autoOffers.ts';
import { createFlightsRepository } from '../flights/repository.ts';
import { flightNeedsAction, flightRulesOf, storedFlightOf, type FlightRules } from '../flights/rules.ts';
import { FLIGHT_ACTION_LABELS } from '../../../contract/flights.ts';

/**
 * The dispatcher's "Needs action" queue (issue 33): every booking of the site that needs a person, whatever its date,
 * with its reasons. Each reason is one entry of NEEDS_ACTION_RULES (its statement in needsActionRepository.ts); the
 * queue, its count and the board's badge all come from `needsActionReasons`, so they always count the same things.
 * Reasons of time (no driver within the lead time, a driver not on the way) are judged at `now`: the console reads
 * the queue again on every booking event and once a minute.
 */

export interface RuleInput {
  db: Queryable;
  siteId: number;
  now: Date;
  timing: NeedsActionTiming;
  /** The site's airport waits (a flight's due time against the booked pick-up). */
  flightRules: FlightRules;
}

/** A booking a rule picked out, and why. */
export interface Found {
  bookingId: number;
  reason: NeedsActionReason;
}

export interface NeedsActionRule {
  code: NeedsActionReasonCode;
  find(input: RuleInput): Promise<Found[]>;
}

const minutes = (count: number) => count * 60_000;
const reason = (code: NeedsActionReasonCode, text: string, since: Date | null, extra: Partial<Pick<NeedsActionReason, 'details' | 'request_id'>> = {}): NeedsActionReason => ({
  code,
  text,
  details: extra.details ?? [],
  since: since?.toISOString() ?? null,
  request_id: extra.request_id ?? null,
});

/** One entry per reason, in the order a booking's reasons are listed. */
export const NEEDS_ACTION_RULES: readonly NeedsActionRule[] = [
  {
    code: 'awaiting_payment',
    async find({ db, siteId }) {
      return (await createNeedsActionRepository(db).awaitingPayment(siteId)).map((row) => ({
        bookingId: row.bookingId,
        reason: reason('awaiting_payment', NEEDS_ACTION_TEXT.awaitingPayment(londonMoment(row.dueAt)), row.createdAt),
      }));
    },
  },
  {
    code: 'new',
    async find({ db, siteId }) {
      return (await createNeedsActionRepository(db).unaccepted(siteId)).map((row) => ({ bookingId: row.bookingId, reason: reason('new', NEEDS_ACTION_TEXT.new, row.createdAt) }));
    },
  },
  {
    code: 'unassigned',
    async find({ db, siteId, now, timing }) {
      const rows = await createNeedsActionRepository(db).withoutDriverBefore(siteId, new Date(now.getTime() + minutes(timing.assignByMinutes)));
      return rows.map((row) => ({
        bookingId: row.bookingId,
        reason: reason('unassigned', row.pickupAt <= now ? NEEDS_ACTION_TEXT.unassignedPast : NEEDS_ACTION_TEXT.unassigned(timing.assignByMinutes), null),
      }));
    },
  },
  {
    code: 'offer_declined',
    async find({ db, siteId, now }) {
      // One statement for both outcomes of the last offer; the 'offer_expired' entry below reads the same rows.
      return (await createNeedsActionRepository(db).lastOfferRefused(siteId, now))
        .filter((row) => row.state === 'declined')
        .map((row) => ({ bookingId: row.bookingId, reason: reason('offer_declined', NEEDS_ACTION_TEXT.offerDeclined(row.driverName), row.since) }));
    },
  },
  {
    code: 'offer_expired',
    async find({ db, siteId, now }) {
      return (await createNeedsActionRepository(db).lastOfferRefused(siteId, now))
        .filter((row) => row.state === 'expired')
        .map((row) => ({ bookingId: row.bookingId, reason: reason('offer_expired', NEEDS_ACTION_TEXT.offerExpired(row.driverName), row.since) }));
    },
  },
  {
    code: 'driver_not_on_the_way',
    async find({ db, siteId, now, timing }) {
      const rows = await createNeedsActionRepository(db).notOnTheWayBefore(siteId, new Date(now.getTime() + minutes(timing.onTheWayByMinutes)));
      return rows.map((row) => ({ bookingId: row.bookingId, reason: reason('driver_not_on_the_way', NEEDS_ACTION_TEXT.notOnTheWay(row.driverName || 'The driver'), null) }));
    },
  },
  {
    code: 'change_requested',
    async find({ db, siteId }) {
      const byBooking = new Map<number, Awaited<ReturnType<ReturnType<typeof createNeedsActionRepository>['openChangeRequests']>>>();
      for (const request of await createNeedsActionRepository(db).openChangeRequests(siteId)) byBooking.set(request.bookingId, [...(byBooking.get(request.bookingId) ?? []), request]);
      return [...byBooking].map(([bookingId, requests]) => {
        const last = requests[requests.length - 1];
        const details = requests.flatMap((request) => changeSummary(request.before, request.plan.values, request.plan.changed));
        return { bookingId, reason: reason('change_requested', NEEDS_ACTION_TEXT.changeRequested(requests.length), last.createdAt, { details, request_id: last.id }) };
      });
    },
  },
  {
    code: 'auto_offers_stopped',
    async find({ db, siteId }) {
      return (await autoOfferGaveUp(db, siteId)).map((row) => ({ bookingId: row.booking_id, reason: reason('auto_offers_stopped', NEEDS_ACTION_TEXT.autoOffersStopped, new Date(row.gave_up_at)) }));
    },
  },
  {
    // A flight cancelled, diverted, or landing earlier than the pick-up allows (server/domain/flights/rules.ts).
    code: 'flight',
    async find({ db, siteId, flightRules }) {
      const found: Found[] = [];
      for (const booking of await createFlightsRepository(db).liveTracked(siteId)) {
        const why = flightNeedsAction(storedFlightOf(booking.flight), booking, flightRules);
        if (why) found.push({ bookingId: booking.id, reason: reason('flight', FLIGHT_ACTION_LABELS[why], null) });
      }
      return found;
    },
  },
];

/**
 * What the rules read for a site at `now`: its queue settings (ASSIGN_BY_MINUTES, ON_THE_WAY_BY_MINUTES within
 * DRIVER_LEAD_MINUTES) and its airport waits.
 */
export async function needsActionInput(db: Queryable, cache: SiteCache, siteId: number, now: Date): Promise<RuleInput> {
  const settings = settingsFromRows((await cache.catalog(siteId)).settings);
  return { db, siteId, now, timing: needsActionTimingOf(settings, driverTimingOf(settings).leadMinutes), flightRules: flightRulesOf(settings) };
}

/** Every booking that needs a person and its reasons, in NEEDS_ACTION_REASONS order. */
export async function needsActionReasons(input: RuleInput, rules: readonly NeedsActionRule[] = NEEDS_ACTION_RULES): Promise<Map<number, NeedsActionReason[]>> {
  const found = (await Promise.all(rules.map((rule) => rule.find(input)))).flat();
  const byBooking = new Map<number, NeedsActionReason[]>();
  for (const { bookingId, reason: why } of found) byBooking.set(bookingId, [...(byBooking.get(bookingId) ?? []), why]);
  const order = (code: NeedsActionReasonCode) => NEEDS_ACTION_REASONS.indexOf(code);
  for (const reasons of byBooking.values()) reasons.sort((a, b) => order(a.code) - order(b.code));
  return byBooking;
}

/** GET /api/admin/needs-action: the queue, soonest pick-up first (at most NEEDS_ACTION_MAX; `count` is every one). */
export async function needsActionQueue(input: RuleInput): Promise<NeedsActionQueue> {
  const reasons = await needsActionReasons(input);
  const rows = await createDispatchRepository(input.db).boardRowsByIds(input.siteId, [...reasons.keys()], NEEDS_ACTION_MAX);
  return {
    success: true,
    count: reasons.size,
    items: rows.map((row) => ({ booking: toBoardRow(row), reasons: reasons.get(Number(row.id)) ?? [] })),
    checked_at: input.now.toISOString(),
  };
}

/**
 * POST …/change-requests/handled: the booking's open change requests up to the one the dispatcher saw are dealt with
 * (when and by whom kept on the request, audited, the booking's event published: every console reads its queue
 * again). Under the booking's row lock, so two dispatchers at once mark them once: the second is told none is open.
 */
export async function markChangeRequestsHandled(db: Db, siteId: number, actor: Actor, bookingNumber: string, lastRequestId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await createDispatchRepository(tx).lockBooking(siteId, bookingNumber);
    if (!booking) throw new DomainError('not_found', CONSOLE_QUEUE_MESSAGES.notFound);
    const by = actor.kind === 'staff' ? actor.email : actor.kind;
    const marked = await createNeedsActionRepository(tx).markRequestsHandled(siteId, booking.id, lastRequestId, by, now);
    if (marked.length === 0) throw new DomainError('conflict', CONSOLE_QUEUE_MESSAGES.noOpenRequest);
    await recordAudit(tx, actor, { siteId, action: 'booking.change_requests_handled', entityType: 'booking', entityId: bookingNumber, before: { open_requests: marked }, after: { handled: marked } });
    await publishBookingEvent(tx, siteId, { booking_number: bookingNumber, kind: 'changed' });
  });
}
