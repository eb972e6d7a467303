import { DISPATCH_MESSAGES } from '../../../contract/dispatch.ts';
import { FLIGHT_MESSAGES } from '../../../contract/flights.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Db } from '../../adapters/db/index.ts';
import type { FlightLookup, FlightsPort } from '../../adapters/flights/port.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { DomainError } from '../errors.ts';
import { resolvePlace } from '../geo/resolve.ts';
import { londonWallClock } from '../pricing/londonTime.ts';
import { resolveContext } from '../quotes/quoting.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { createFlightsRepository, LIVE_STATUSES, type BookingFlightFacts } from './repository.ts';
import { flightRulesOf, nextCheckAt, normaliseFlightNumber, pickFlight, PROVIDER_WINDOW_MS, providerFields, storedFlightOf, type FlightRules, type StoredFlight } from './rules.ts';

const MINUTE = 60_000;
/** A booking made or changed, or opened by a dispatcher, looks again at most this often. */
const ON_DEMAND_INTERVAL_MS = 5 * MINUTE;
/** A sweep's claim holds this long: a process that died mid-call frees the flight for the next sweep. */
const SWEEP_CLAIM_MS = 2 * MINUTE;
/** After a refused, rate-limited or failed call the sweep waits at least this long. */
const BACKOFF_MS = 15 * MINUTE;
/** How far ahead the sweep starts following bookings it was not told of. */
const SYNC_AHEAD_MS = 72 * 60 * MINUTE;

export type LookupReason = 'booked' | 'changed' | 'opened' | 'sweep';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FlightTrackerDeps {
  db: Db;
  cache: SiteCache;
  flights: FlightsPort;
  now?: () => Date;
  log?: Log;
}

/**
 * Flight arrivals (issue 33). Every booking picked up at an airport with a flight number has a `booking_flights` row;
 * the provider is asked when the booking is made or changed (once the flight is within its window, about two days
 * ahead), by the sweep from the owner's set time before the arrival and more often as it nears, and when a dispatcher
 * opens the booking. Each call is claimed first (repository `claim`: a conditional UPDATE under the owner's budget),
 * so processes and concurrent requests never spend more than the budget, and never two calls at once for one flight.
 * Nothing here ever fails the booking: the hooks run after the booking's commit and swallow (and log) any fault.
 */
export function createFlightTracker(deps: FlightTrackerDeps) {
  const { db, flights } = deps;
  const now = deps.now ?? (() => new Date());
  const log: Log = deps.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
  const running = new Set<Promise<unknown>>();

  const rulesOf = async (siteId: number): Promise<FlightRules> => flightRulesOf(settingsFromRows((await deps.cache.catalog(siteId)).settings));

  /** The pick-up airport's IATA code, resolved as quoting resolves it (the operator's saved addresses, then the gazetteer). */
  async function airportOf(siteId: number, address: string): Promise<string | null> {
    const sites = await deps.cache.sites();
    const site = sites.find((candidate) => candidate.id === siteId);
    const catalog = await deps.cache.catalog(siteId);
    const place = resolvePlace(address, site ? resolveContext(site, catalog) : { savedAddresses: catalog.addresses });
    return place?.kind === 'airport' || place?.iata ? (place?.iata ?? null) : null;
  }

  /** Brings the booking's row in line with the booking (number, airport, next check); the stored flight after it. */
  async function sync(siteId: number, facts: BookingFlightFacts, rules: FlightRules): Promise<StoredFlight | null> {
    const repository = createFlightsRepository(db);
    const live = (LIVE_STATUSES as readonly string[]).includes(facts.status);
    const typed = facts.flightNo.trim();
    if (typed === '') {
      if (facts.flight) await repository.untrack(siteId, facts.id);
      return null;
    }
    const number = normaliseFlightNumber(typed);
    // Not a flight (a train or ferry reference) or not at an airport: kept as not followed, so the sweep does not ask again.
    const airport = number && live ? await airportOf(siteId, facts.pickupAddress) : null;
    const stored = (typed ? storedFlightOf(facts.flight) : null) ?? null;
    const rowNumber = number ?? typed.toUpperCase().replace(/[\s-]+/g, '');
    const existing = facts.flight ? (typeof facts.flight === 'string' ? JSON.parse(facts.flight) : facts.flight) as Record<string, unknown> : null;
    const same = existing !== null && existing.flight_number === rowNumber && (existing.airport_iata ?? null) === airport;
    if (!same) {
      const fresh: StoredFlight = { ...emptyFlight(rowNumber), airportIata: airport };
      await repository.track(siteId, facts.id, rowNumber, airport, nextCheckAt(fresh, facts, rules, now(), flights.configured));
      return airport ? fresh : null;
    }
    if (!stored) return null;
    let next = live ? nextCheckAt(stored, facts, rules, now(), flights.configured) : null;
    // A look already due stays due (the sweep is about to take it); otherwise the booking as it now is decides.
    if (next && stored.nextCheckAt && stored.nextCheckAt.getTime() <= now().getTime()) next = stored.nextCheckAt;
    if ((next?.getTime() ?? null) !== (stored.nextCheckAt?.getTime() ?? null)) await repository.setNextCheck(siteId, facts.id, next);
    return { ...stored, nextCheckAt: next };
  }

  /** One look-up if the claim is won; the row updated with what the provider said. True when the provider was called. */
  async function lookUp(siteId: number, facts: BookingFlightFacts, flight: StoredFlight, rules: FlightRules, reason: LookupReason): Promise<boolean> {
    if (!flights.configured) return false;
    const at = now();
    const repository = createFlightsRepository(db);
    const claimed = await repository.claim(siteId, facts.id, {
      budget: rules.lookupBudget,
      now: at,
      notClaimedSince: new Date(at.getTime() - (reason === 'sweep' ? SWEEP_CLAIM_MS : ON_DEMAND_INTERVAL_MS)),
      dueBy: reason === 'sweep' ? at : null,
    });
    if (claimed === null) return false;
    let answer: FlightLookup;
    try {
      answer = await flights.lookUp(flight.flightNumber);
    } catch (error) {
      answer = { kind: 'failed', reason: (error as Error)?.message ?? 'error' };
    }
    const checkedAt = now();
    const spent = { ...flight, lookupsUsed: claimed };
    if (answer.kind === 'found') {
      const picked = pickFlight(answer.flights, { airportIata: flight.airportIata, pickupAt: facts.pickupAt });
      if (picked) {
        const provider = providerFields(picked);
        const updated: StoredFlight = { ...spent, ...provider };
        await db.transaction(async (tx) => {
          await createFlightsRepository(tx).saveLookup(siteId, facts.id, { provider, result: 'found', checkedAt, nextCheckAt: nextCheckAt(updated, facts, rules, checkedAt, true) });
          // The console's board and booking page and the driver's app read the new due time at once.
          await publishBookingEvent(tx, siteId, { booking_number: facts.bookingNumber, kind: 'changed' });
        });
        log.info({ site_id: siteId, booking: facts.bookingNumber, reason, status: provider.status, lookups: claimed }, 'flight looked up');
        return true;
      }
      answer = { kind: 'not_found' };
    }
    const result = answer.kind === 'unconfigured' ? 'failed' : answer.kind;
    let next = nextCheckAt(spent, facts, rules, checkedAt, true);
    if (next && answer.kind !== 'not_found') {
      const wait = answer.kind === 'rate_limited' && answer.retryAfterSeconds ? Math.max(answer.retryAfterSeconds * 1000, MINUTE) : BACKOFF_MS;
      next = new Date(Math.max(next.getTime(), checkedAt.getTime() + wait));
    }
    await repository.saveLookup(siteId, facts.id, { provider: null, result, checkedAt, nextCheckAt: next });
    log.warn({ site_id: siteId, booking: facts.bookingNumber, reason, result, detail: answer.kind === 'failed' ? answer.reason : undefined }, 'flight look-up gave no flight');
    return true;
  }

  /** Sync, then a look-up when the reason and the flight's window allow one. */
  async function follow(siteId: number, facts: BookingFlightFacts | null, reason: LookupReason): Promise<void> {
    if (!facts) return;
    const rules = await rulesOf(siteId);
    const flight = await sync(siteId, facts, rules);
    if (!flight || !(LIVE_STATUSES as readonly string[]).includes(facts.status)) return;
    const arrival = (flight.estimatedArrivalAt ?? flight.scheduledArrivalAt ?? facts.pickupAt).getTime();
    if (reason !== 'sweep' && arrival - now().getTime() > PROVIDER_WINDOW_MS) return;
    await lookUp(siteId, facts, flight, rules, reason);
  }

  /** Runs `work` after the caller's answer; a fault is logged, never thrown at the booking. */
  function background(work: () => Promise<void>, context: object) {
    const task = work().catch((error: unknown) => log.error({ ...context, err: error }, 'flight tracking failed'));
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  return {
    /** After a booking is written or changed (its transaction committed): follow its flight. Never throws. */
    afterWrite(siteId: number, bookingId: number, reason: 'booked' | 'changed'): void {
      background(async () => follow(siteId, await createFlightsRepository(db).factsById(siteId, bookingId), reason), { site_id: siteId, booking_id: bookingId, reason });
    },

    /** The same by booking number (the console's and manage page's changes know the number). */
    afterChange(siteId: number, bookingNumber: string): void {
      background(async () => follow(siteId, await createFlightsRepository(db).factsByNumber(siteId, bookingNumber), 'changed'), { site_id: siteId, booking: bookingNumber });
    },

    /** A dispatcher opened the booking: one look-up (if the budget and the 5-minute interval allow), answered on the booking's event. */
    opened(siteId: number, bookingNumber: string): void {
      background(async () => follow(siteId, await createFlightsRepository(db).factsByNumber(siteId, bookingNumber), 'opened'), { site_id: siteId, booking: bookingNumber });
    },

    /**
     * The dispatcher's expected arrival, a London date and time (null clears it): the due time moves as with the
     * provider's. Audited, and the booking's event tells every console and the driver.
     */
    async setManualArrival(site: Site, actor: Actor, bookingNumber: string, arrival: { date: string; time: string } | null): Promise<void> {
      const siteId = site.id;
      const repository = createFlightsRepository(db);
      const facts = await repository.factsByNumber(siteId, bookingNumber);
      if (!facts) throw new DomainError('not_found', DISPATCH_MESSAGES.notFound);
      const flight = await sync(siteId, facts, await rulesOf(siteId));
      if (!flight) throw new DomainError('unprocessable', FLIGHT_MESSAGES.noFlight);
      const at = arrival ? londonWallClock(arrival.date, Number(arrival.time.slice(0, 2)), Number(arrival.time.slice(3, 5))) : null;
      if (at && Math.abs(at.getTime() - facts.pickupAt.getTime()) > 24 * 60 * MINUTE) throw new DomainError('unprocessable', FLIGHT_MESSAGES.tooFar);
      await db.transaction(async (tx) => {
        if (!(await createFlightsRepository(tx).setManualArrival(siteId, facts.id, at, now()))) throw new DomainError('unprocessable', FLIGHT_MESSAGES.noFlight);
        await recordAudit(tx, actor, {
          siteId,
          action: 'booking.flight_arrival',
          entityType: 'booking',
          entityId: bookingNumber,
          before: { manual_arrival: flight.manualArrivalAt?.toISOString() ?? null },
          after: { manual_arrival: at?.toISOString() ?? null },
        });
        await publishBookingEvent(tx, siteId, { booking_number: bookingNumber, kind: 'changed' });
      });
    },

    /**
     * One pass: bookings not yet followed (picked up from six hours ago to three days ahead) are synced, then every
     * flight whose next check has come is claimed and looked up. Safe in several processes at once: each look-up is
     * claimed by one of them.
     */
    async sweep(limit = 100): Promise<{ synced: number; looked: number }> {
      const repository = createFlightsRepository(db);
      const at = now();
      let synced = 0;
      let looked = 0;
      for (const { siteId, bookingId } of await repository.untracked(new Date(at.getTime() - 6 * 60 * MINUTE), new Date(at.getTime() + SYNC_AHEAD_MS), limit)) {
        const facts = await repository.factsById(siteId, bookingId);
        if (!facts) continue;
        await sync(siteId, facts, await rulesOf(siteId));
        synced += 1;
      }
      if (!flights.configured) return { synced, looked };
      for (const { siteId, bookingId } of await repository.dueForCheck(at, limit)) {
        try {
          const facts = await repository.factsById(siteId, bookingId);
          if (!facts) continue;
          const rules = await rulesOf(siteId);
          const flight = await sync(siteId, facts, rules);
          if (flight && flight.nextCheckAt && flight.nextCheckAt.getTime() <= at.getTime() && (await lookUp(siteId, facts, flight, rules, 'sweep'))) looked += 1;
        } catch (error) {
          log.error({ site_id: siteId, booking_id: bookingId, err: error }, 'flight sweep failed for a booking');
        }
      }
      return { synced, looked };
    },

    /** The sweep every `intervalMs` (the timer never keeps the process alive); returns the stop function. */
    start(intervalMs = 60_000): () => void {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        void this.sweep()
          .catch((error: unknown) => log.error({ err: error }, 'flight sweep failed'))
          .finally(() => (busy = false));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /** Resolves when the background work started so far has ended (tests, shutdown). */
    async settled(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },

    configured: flights.configured,
  };
}

export type FlightTracker = ReturnType<typeof createFlightTracker>;

function emptyFlight(flightNumber: string): StoredFlight {
  return {
    flightNumber,
    airportIata: null,
    scheduledArrivalAt: null,
    estimatedArrivalAt: null,
    actualArrivalAt: null,
    status: '',
    cancelled: false,
    diverted: false,
    originIata: null,
    originCity: null,
    domestic: null,
    lastCheckedAt: null,
    lastResult: null,
    lookupsUsed: 0,
    nextCheckAt: null,
    manualArrivalAt: null,
  };
}
