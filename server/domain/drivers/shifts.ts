import { DRIVER_MESSAGES, type DriverShift } from '../../../contract/driver.ts';
import type { Db } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUniqueViolation } from '../bookings/paymentsRepository.ts';
import { DomainError } from '../errors.ts';
import { createFleetRepository } from '../fleet/repository.ts';
import { londonParts } from '../pricing/londonTime.ts';
import { publishDriverPosition } from './positionEvents.ts';
import { createDriversRepository, toShift } from './repository.ts';

/** Faster than this from the last trusted position is impossible on the road (about 157 mph): kept, flagged, not used. */
export const IMPOSSIBLE_SPEED_MPS = 70;
/** GPS jitter over a short hop is not a jump. */
const JUMP_MIN_METRES = 500;

/** The great-circle distance between two points in metres (haversine). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether going from `from` to `to` needed an impossible speed. */
export function impossibleJump(from: { lat: number; lng: number; recordedAt: Date }, to: { lat: number; lng: number; recordedAt: Date }): boolean {
  const metres = metresBetween(from, to);
  if (metres < JUMP_MIN_METRES) return false;
  const seconds = Math.max(1, Math.abs(to.recordedAt.getTime() - from.recordedAt.getTime()) / 1000);
  return metres / seconds > IMPOSSIBLE_SPEED_MPS;
}

/**
 * The driver's shift (issue 32): on duty with a vehicle they may drive today (active, PHV licence valid today, as the
 * office's assignment checks, and their own licence too; one driver per vehicle), off duty at the end (not with a job
 * in progress), and the phone's positions while on duty: the latest trusted one per driver and every report, the
 * job's trail while a job is in progress.
 */
export function createDriverShifts(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const today = () => londonParts(deps.now()).date;

  return {
    async current(siteId: number, driverId: number): Promise<DriverShift | null> {
      return createDriversRepository(db).openShift(siteId, driverId);
    },

    async usableVehicles(siteId: number) {
      const day = today();
      return (await createFleetRepository(db).vehicles(siteId, day))
        .filter((vehicle) => vehicle.active && vehicle.licence_expiry >= day)
        .map(({ id, registration, make, model, colour, category_name }) => ({ id, registration, make, model, colour, category_name }));
    },

    async start(siteId: number, actor: Extract<Actor, { kind: 'driver' }>, vehicleId: number): Promise<DriverShift> {
      const day = today();
      return db.transaction(async (tx) => {
        const fleet = createFleetRepository(tx);
        const driver = await fleet.driver(siteId, actor.driverId, day, true);
        if (!driver || driver.licence_expiry < day) throw new DomainError('unprocessable', DRIVER_MESSAGES.licenceExpired);
        const vehicle = await fleet.vehicle(siteId, vehicleId, day, true);
        if (!vehicle || !vehicle.active || vehicle.licence_expiry < day) throw new DomainError('unprocessable', DRIVER_MESSAGES.vehicleNotUsable);
        const drivers = createDriversRepository(tx);
        if (await drivers.openShift(siteId, actor.driverId)) throw new DomainError('conflict', DRIVER_MESSAGES.alreadyOnDuty);
        try {
          await drivers.startShift(siteId, actor.driverId, vehicleId, deps.now());
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError('conflict', DRIVER_MESSAGES.vehicleInUse);
          throw error;
        }
        await recordAudit(tx, actor, { siteId, action: 'driver.on_duty', entityType: 'driver', entityId: actor.driverId, before: null, after: { vehicle: { id: vehicle.id, registration: vehicle.registration } } });
        return (await drivers.openShift(siteId, actor.driverId))!;
      });
    },

    async end(siteId: number, actor: Extract<Actor, { kind: 'driver' }>): Promise<void> {
      await db.transaction(async (tx) => {
        const drivers = createDriversRepository(tx);
        if (await drivers.jobInProgress(siteId, actor.driverId)) throw new DomainError('conflict', DRIVER_MESSAGES.jobInProgress);
        if ((await drivers.endShift(siteId, actor.driverId, deps.now())) === 0) throw new DomainError('conflict', DRIVER_MESSAGES.notOnDuty);
        await recordAudit(tx, actor, { siteId, action: 'driver.off_duty', entityType: 'driver', entityId: actor.driverId, before: null, after: null });
      });
    },

    /** A position report while on duty: kept (with the job in progress), flagged when the jump from the last trusted one is impossible. */
    async report(siteId: number, driverId: number, input: { lat: number; lng: number; accuracy_m?: number; recorded_at?: string }): Promise<{ flagged: boolean }> {
      const drivers = createDriversRepository(db);
      if (!(await drivers.openShift(siteId, driverId))) throw new DomainError('conflict', DRIVER_MESSAGES.notOnDuty);
      const now = deps.now();
      // A phone's clock may run ahead: never later than now.
      const given = input.recorded_at ? new Date(input.recorded_at) : now;
      const position = { lat: input.lat, lng: input.lng, accuracyM: input.accuracy_m ?? null, recordedAt: given > now ? now : given };
      const latest = await drivers.latestPosition(siteId, driverId);
      const flagged = latest !== null && impossibleJump(latest, position);
      const job = await drivers.jobInProgress(siteId, driverId);
      await db.transaction(async (tx) => {
        const repository = createDriversRepository(tx);
        await repository.insertPositionReport(siteId, { driverId, bookingId: job?.id ?? null, ...position, flagged });
        if (!flagged) await repository.saveLatestPosition(siteId, driverId, position);
        // The job's passenger sees the car move (issue 33): a trusted report on a job in progress only.
        if (job && !flagged) await publishDriverPosition(tx, { site_id: siteId, booking_id: job.id, lat: position.lat, lng: position.lng, recorded_at: position.recordedAt.toISOString() });
      });
      return { flagged };
    },

    /** Who is on duty, on which vehicle, where, and what they are doing (the console). */
    async onDuty(siteId: number, jobsOf: (driverId: number) => Promise<{ booking_number: string; state: string; pickup_at: string }[]>) {
      const rows = await createDriversRepository(db).onDuty(siteId);
      return Promise.all(
        rows.map(async (row) => {
          const jobs = (await jobsOf(Number(row.driver_id))).filter((job) => job.state === 'assigned' || job.state === 'on_the_way' || job.state === 'arrived' || job.state === 'on_board');
          const job = jobs.find((candidate) => candidate.state !== 'assigned') ?? jobs[0] ?? null;
          return {
            driver: { id: Number(row.driver_id), name: String(row.driver_name) },
            shift: toShift(row),
            position:
              row.lat === null || row.lat === undefined
                ? null
                : { lat: Number(row.lat), lng: Number(row.lng), accuracy_m: row.accuracy_m === null ? null : Number(row.accuracy_m), recorded_at: new Date(row.recorded_at as string).toISOString() },
            job: job ? { booking_number: job.booking_number, state: job.state as 'assigned', pickup_at: job.pickup_at } : null,
          };
        }),
      );
    },
  };
}

export type DriverShifts = ReturnType<typeof createDriverShifts>;
