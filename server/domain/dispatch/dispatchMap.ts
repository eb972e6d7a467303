import { MAP_JOBS_LIMIT, type DispatchMap } from '../../../contract/consoleMap.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Db } from '../../adapters/db/index.ts';
import type { DriverShifts } from '../drivers/shifts.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import { londonParts } from '../pricing/londonTime.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { londonDayRange, toBoardRow } from './board.ts';
import { flightRulesOf } from '../flights/rules.ts';
import { createPickupPoints } from './pickupPoints.ts';
import { createDispatchRepository } from './repository.ts';

/** The jobs still to do today: not yet ended, whoever has them. */
const TO_DO = ['confirmed', 'accepted', 'driver_assigned'] as const;

/**
 * The dispatcher's map (contract/consoleMap.ts): who is on duty and where, and today's jobs still to do with their
 * pick-ups placed. Pick-ups are placed one at a time (a maps service's quota is the operator's), each once per address.
 */
export async function dispatchMap(
  deps: { db: Db; cache: SiteCache; maps: MapsPort | undefined; shifts: DriverShifts; jobsOf: (siteId: number, driverId: number) => Promise<{ booking_number: string; state: string; pickup_at: string }[]> },
  site: Site,
  now: Date,
): Promise<DispatchMap> {
  const day = londonParts(now).date;
  const rules = flightRulesOf(settingsFromRows((await deps.cache.catalog(site.id)).settings));
  const rows = await createDispatchRepository(deps.db).boardRows(site.id, { range: londonDayRange(day, day), status: [...TO_DO], search: '', after: null, limit: MAP_JOBS_LIMIT });
  const pickupPoints = deps.maps ? createPickupPoints({ db: deps.db, cache: deps.cache, maps: deps.maps }) : null;
  const jobs: DispatchMap['jobs'] = [];
  for (const row of rows) {
    const booking = toBoardRow(row, rules);
    const point = pickupPoints && !booking.anonymised ? await pickupPoints.pointOf(site, { id: Number(row.id), pickupAddress: booking.from }) : null;
    jobs.push({ booking, pickup_point: point });
  }
  const drivers = await deps.shifts.onDuty(site.id, (driverId) => deps.jobsOf(site.id, driverId));
  const base = site.baseLat !== null && site.baseLon !== null ? { lat: site.baseLat, lng: site.baseLon } : null;
  return { success: true, day, drivers, jobs, base, checked_at: now.toISOString() };
}
