import {
  allowedDriverSteps,
  driverJobState,
  driverStepNotBefore,
  driverStepTooEarlyMessage,
  driverTimingOf,
  illegalDriverStepMessage,
  nextDriverStage,
  type BookingStatus,
  type DriverStep,
  type DriverTiming,
  type JobStage,
} from '../../../contract/dispatch.ts';
import { DRIVER_MESSAGES, STEP_MESSAGES, type DriverJob, type TapResponse } from '../../../contract/driver.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { createDispatchRepository, type DispatchRow } from '../dispatch/repository.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { lockBooking, type DispatchService } from '../dispatch/service.ts';
import { DomainError } from '../errors.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { createDriversRepository } from './repository.ts';
import type { RecordTap } from './taps.ts';
import { flightRulesOf, flightView, storedFlightOf, type FlightRules } from '../flights/rules.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import { queueBookingText, textSiteOf } from '../texts/texts.ts';
import { COMPLETION_MESSAGES, extrasAllowedOf, extrasRulesOf, TAP_TIME_MAX_AGE_HOURS, type ExtrasAllowed, type ExtrasInput, type PaidInCar } from '../../../contract/jobCompletion.ts';
import type { Settings } from '../../../contract/settings.ts';
import type { MailPort } from '../../adapters/mail/index.ts';
import type { PaymentsPort } from '../../adapters/payments/port.ts';
import { chargeExtras, completionLines, writeCompletion } from './completion.ts';

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const json = (value: unknown) => (value === null || value === undefined ? {} : typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/** A job as its driver sees it, from the booking's row (repository JOB_COLUMNS) and stops. */
export function toDriverJob(row: Row, stops: string[], timing: DriverTiming & { flightRules?: FlightRules; extrasAllowed?: ExtrasAllowed }): DriverJob {
  const status = row.status as BookingStatus;
  const stage = (row.job_stage as JobStage | null) ?? null;
  const pickupAt = new Date(row.pick_up_at as string);
  const arrivedAt = row.arrived_at ? new Date(row.arrived_at as string) : null;
  const hours = row.hourly_duration === null || row.hourly_duration === undefined ? null : Number(row.hourly_duration);
  const paidByCard = row.payment_method === 'card';
  const total = Number(row.total_pence);
  const at = (step: DriverStep) => driverStepNotBefore(step, { pickupAt, arrivedAt }, timing)!.toISOString();
  // Issue 33: an airport pick-up's flight and the time the driver is due there (expected arrival + the airport wait).
  const stored = storedFlightOf(row.flight);
  const flight = stored ? flightView(stored, { pickupAt, status }, timing.flightRules ?? flightRulesOf({})) : null;
  return {
    booking_number: String(row.booking_number),
    revision: Number(row.revision),
    status,
    stage,
    state: driverJobState(status, stage),
    pickup_at: pickupAt.toISOString(),
    pickup_address: String(row.pick_up_address),
    stops,
    dropoff_address: String(row.drop_off_address) || (hours ? `As directed (${hours} hours)` : ''),
    passenger_name: String(row.passenger_name),
    passenger_phone: String(row.passenger_phone),
    passengers: Number(row.total_passengers),
    flight_no: String(row.flight_no ?? ''),
    notes: String(row.additional_info ?? ''),
    options: json(row.options),
    vehicle_category: String(row.vehicle_category),
    fare: { currency: String(row.currency), total_pence: total, payment: paidByCard ? 'card' : 'car', collect_pence: paidByCard ? 0 : total },
    allowed_steps: allowedDriverSteps(status, stage),
    not_before: { on_the_way: at('on_the_way'), complete: at('complete'), no_show: at('no_show') },
    on_the_way_at: iso(row.on_the_way_at),
    arrived_at: iso(row.arrived_at),
    on_board_at: iso(row.on_board_at),
    due_at: flight?.driver_due_at ?? pickupAt.toISOString(),
    flight: flight && { number: flight.number, status: flight.status, expected_arrival: flight.expected_arrival, cancelled: flight.cancelled, diverted: flight.diverted },
    ...(timing.extrasAllowed ? { extras_allowed: timing.extrasAllowed } : {}),
    completion: completionOf(row.completion),
  };
}

/** The job's completion on the app (job_completions as JSON), or null. */
function completionOf(value: unknown): DriverJob['completion'] {
  if (value === null || value === undefined) return null;
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  return {
    extras: completionLines(row as never),
    extras_pence: Number(row.extras_pence),
    fare_pence: Number(row.fare_pence),
    final_pence: Number(row.final_pence),
    paid_in_car: (row.paid_in_car as PaidInCar | null) ?? null,
    extras_charge: row.extras_charge as NonNullable<DriverJob['completion']>['extras_charge'],
  };
}

/**
 * The time a tap is recorded at (issue 32): the phone's clock at the tap when it sent one, bounded by the server's
 * — never in the future, never before the job's previous step (`previous`), never more than TAP_TIME_MAX_AGE_HOURS
 * ago — else now.
 */
export function tapTime(now: Date, tappedAt: string | undefined, previous: Date | null): Date {
  if (!tappedAt) return now;
  const earliest = Math.max(now.getTime() - TAP_TIME_MAX_AGE_HOURS * 3_600_000, previous?.getTime() ?? -Infinity);
  return new Date(Math.min(now.getTime(), Math.max(earliest, new Date(tappedAt).getTime())));
}

export interface DriverJobsDeps {
  db: Db;
  cache: SiteCache;
  dispatch: DispatchService;
  now: () => Date;
  /** The deployment's address (PUBLIC_URL), for the tracking link of the 'on the way' text; without it the text has none. */
  publicUrl?: string;
  /** The maps port: the 'on the way' text's time to the pick-up, from the driver's latest position (none without it). */
  maps?: MapsPort;
  /** A card booking's extras charged off-session after completion, the passenger mailed when the bank wants 3-D Secure. */
  payments?: PaymentsPort;
  mail?: MailPort;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** A position older than this says nothing of where the driver is now. */
const FRESH_POSITION_MS = 10 * 60_000;
const ETA_TIMEOUT_MS = 2_000;

/** Whether a job's row (JOB_COLUMNS) or a locked booking is assigned to the driver. */
const isMine = (row: Row | DispatchRow | null, driverId: number) => {
  if (row === null) return false;
  if ('bookingNumber' in row) return (row as DispatchRow).driver?.id === driverId;
  return row.driver_id !== null && row.driver_id !== undefined && Number(row.driver_id) === driverId;
};

/**
 * The driver's jobs and their steps (contract/dispatch.ts DRIVER_STEP_TRANSITIONS and driverStepNotBefore, enforced
 * here whatever the app sends): each step locks the booking, checks that the job is still the driver's, that the table
 * allows it from the job's stage and that its time has come, writes it with the audit entry and tells the console
 * (the booking's event), in one transaction with the tap's answer. 'completed' and 'no-show' are the office's
 * transitions (receipt mail and all) run for the driver through the dispatch service.
 */
export function createDriverJobs(deps: DriverJobsDeps) {
  const { db } = deps;

  const timingOf = async (siteId: number) => {
    const settings = settingsFromRows((await deps.cache.catalog(siteId)).settings);
    return { ...driverTimingOf(settings), flightRules: flightRulesOf(settings), extrasAllowed: extrasAllowedOf(extrasRulesOf(settings)), settings };
  };

  /** When the job's previous step was taken (its assignment, or its latest stage), under the booking's lock. */
  const previousStepAt = (tx: Queryable, siteId: number, bookingId: number): Promise<Date | null> => createDriversRepository(tx).previousStepAt(siteId, bookingId);

  async function view(tx: Queryable, siteId: number, bookingNumber: string, timing: DriverTiming): Promise<DriverJob | null> {
    const row = await createDriversRepository(tx).job(siteId, bookingNumber);
    if (!row) return null;
    return toDriverJob(row, await createDispatchRepository(tx).stopAddresses(siteId, Number(row.id)), timing);
  }

  /** The refusal of a tap on a job that is not (or no longer) the driver's, or that changed meanwhile; null when the step may go on. */
  async function refusal(tx: Queryable, siteId: number, driverId: number, booking: DispatchRow, step: DriverStep, timing: DriverTiming, at: Date): Promise<DomainError | null> {
    if (!isMine(booking, driverId)) {
      // Another driver's job is none of this one's business; a job taken off them is told as such.
      if (!(await createDriversRepository(tx).everHad(siteId, driverId, booking.bookingNumber))) return new DomainError('not_found', DRIVER_MESSAGES.jobNotFound);
      return new DomainError('job_changed', DRIVER_MESSAGES.jobReassigned, { job: null, booking_number: booking.bookingNumber });
    }
    const job = await view(tx, siteId, booking.bookingNumber, timing);
    if (booking.status === 'cancelled') return new DomainError('job_changed', DRIVER_MESSAGES.jobCancelled, { job });
    if (nextDriverStage(booking.status, booking.jobStage, step) === null) return new DomainError('job_changed', illegalDriverStepMessage(driverJobState(booking.status, booking.jobStage), step), { job });
    const notBefore = driverStepNotBefore(step, { pickupAt: booking.pickupAt, arrivedAt: booking.arrivedAt }, timing);
    if (notBefore && at < notBefore) return new DomainError('too_early', driverStepTooEarlyMessage(step, notBefore), { job, not_before: notBefore.toISOString() });
    return null;
  }

  /**
   * Minutes from the driver's latest trusted position (at most 10 minutes old) to the job's pick-up, by the maps port
   * (Google's route when keyed, else the offline estimate), or null when not known within 2 s. Read before the step's
   * transaction: an estimate, never a reason to hold the booking's lock or to refuse the step.
   */
  async function etaMinutes(siteId: number, driverId: number, bookingNumber: string): Promise<number | null> {
    const maps = deps.maps;
    if (!maps) return null;
    const estimate = async () => {
      const drivers = createDriversRepository(db);
      const position = await drivers.latestPosition(siteId, driverId);
      if (!position || deps.now().getTime() - position.recordedAt.getTime() > FRESH_POSITION_MS) return null;
      const job = await drivers.job(siteId, bookingNumber);
      if (!job) return null;
      const place = await maps.resolve(String(job.pick_up_address));
      if (!place) return null;
      const route = await maps.route([{ lat: position.lat, lon: position.lng }, { lat: place.lat, lon: place.lon }]);
      return Number.isFinite(route.seconds) ? route.seconds / 60 : null;
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ETA_TIMEOUT_MS);
    });
    try {
      return await Promise.race([estimate().catch(() => null), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    timingOf,

    async list(siteId: number, driverId: number): Promise<DriverJob[]> {
      const timing = await timingOf(siteId);
      const rows = await createDriversRepository(db).jobsOf(siteId, driverId, deps.now());
      const dispatch = createDispatchRepository(db);
      return Promise.all(rows.map(async (row) => toDriverJob(row, await dispatch.stopAddresses(siteId, Number(row.id)), timing)));
    },

    /** One of the driver's jobs; another's (or none) is a 404. */
    async one(siteId: number, driverId: number, bookingNumber: string): Promise<DriverJob> {
      const timing = await timingOf(siteId);
      const row = await createDriversRepository(db).job(siteId, bookingNumber);
      if (!row || !isMine(row, driverId)) throw new DomainError('not_found', DRIVER_MESSAGES.jobNotFound);
      return toDriverJob(row, await createDispatchRepository(db).stopAddresses(siteId, Number(row.id)), timing);
    },

    /** A step tapped by the job's driver; `record` keeps the tap's answer in the step's transaction. */
    async step(
      site: Site,
      actor: Extract<Actor, { kind: 'driver' }>,
      bookingNumber: string,
      step: DriverStep,
      record: RecordTap,
      tap: { tappedAt?: string; extras?: ExtrasInput; paidInCar?: PaidInCar } = {},
    ): Promise<TapResponse> {
      const siteId = site.id;
      const timing = await timingOf(siteId);
      const now = deps.now();
      if (step === 'complete' || step === 'no_show') {
        let answer: TapResponse | null = null;
        // The tap's own time, read before the transition (which records it): bounded by the job's previous step.
        const previous = await db.transaction(async (tx) => {
          const locked = await lockBooking(tx, siteId, bookingNumber);
          return locked ? previousStepAt(tx, siteId, locked.id) : null;
        });
        const at = tapTime(now, tap.tappedAt, previous);
        await deps.dispatch.transition(
          site,
          actor,
          bookingNumber,
          { event: step },
          {
            action: `booking.driver_${step}`,
            at,
            check: async (tx, booking) => {
              // The time rules read the server's clock (a phone's may be wrong); the tap's own time is what is recorded.
              const refused = await refusal(tx, siteId, actor.driverId, booking, step, timing, now);
              if (refused) throw refused;
              if (step === 'complete') await writeCompletion(tx, timing.settings as Settings, siteId, booking, actor.driverId, { extras: tap.extras, paidInCar: tap.paidInCar }, at);
            },
            after: async (tx) => {
              answer = { success: true, message: STEP_MESSAGES[step], job: await view(tx, siteId, bookingNumber, timing) };
              await record(tx, answer);
            },
          },
        );
        return answer!;
      }
      // The passenger's text of this step (issue 33): read before the transaction, queued inside it.
      const texts = step === 'on_the_way' || step === 'arrived' ? await textSiteOf(deps.cache, site, deps.publicUrl ?? null) : null;
      const eta = step === 'on_the_way' ? await etaMinutes(siteId, actor.driverId, bookingNumber) : null;
      return db.transaction(async (tx) => {
        const booking = await lockBooking(tx, siteId, bookingNumber);
        if (!booking) throw new DomainError('not_found', DRIVER_MESSAGES.jobNotFound);
        const at = tapTime(now, tap.tappedAt, await previousStepAt(tx, siteId, booking.id));
        const refused = await refusal(tx, siteId, actor.driverId, booking, step, timing, now);
        if (refused) throw refused;
        const stage = nextDriverStage(booking.status, booking.jobStage, step) as JobStage;
        await createDriversRepository(tx).setJobStage(siteId, booking.id, stage, at);
        await recordAudit(tx, actor, {
          siteId,
          action: `booking.driver_${step}`,
          entityType: 'booking',
          entityId: bookingNumber,
          before: { status: booking.status, stage: booking.jobStage },
          after: { status: booking.status, stage },
        });
        if (texts) await queueBookingText(tx, texts, booking.id, step === 'on_the_way' ? 'driver_on_the_way' : 'driver_arrived', { etaMinutes: eta });
        await publishBookingEvent(tx, siteId, { booking_number: bookingNumber, kind: 'dispatched' });
        const answer: TapResponse = { success: true, message: STEP_MESSAGES[step], job: await view(tx, siteId, bookingNumber, timing) };
        await record(tx, answer);
        return answer;
      });
    },

    view,

    /**
     * After a completion committed: a card job's claimed extras charged once (completion.ts chargeExtras), and the
     * tap's answer with the job as it now is and what became of the charge.
     */
    async chargeCompletion(site: Site, driverId: number, bookingNumber: string, answer: TapResponse): Promise<TapResponse> {
      const row = await createDriversRepository(db).job(site.id, bookingNumber);
      if (!row || !deps.payments || !deps.mail) return answer;
      const charged = await chargeExtras({ db, cache: deps.cache, payments: deps.payments, mail: deps.mail, publicUrl: deps.publicUrl ?? '', log: deps.log }, site, Number(row.id));
      if (!charged) return answer;
      const job = await this.one(site.id, driverId, bookingNumber).catch(() => answer.job);
      const message = charged === 'succeeded' ? COMPLETION_MESSAGES.extrasCharged : charged === 'requires_action' ? COMPLETION_MESSAGES.extrasOwing : COMPLETION_MESSAGES.extrasFailed;
      return { success: true, message, job };
    },
  };
}

export type DriverJobs = ReturnType<typeof createDriverJobs>;
