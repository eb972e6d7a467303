import { z } from 'zod';
import { boardRowSchema } from './consoleBookings.ts';
import { onDutySchema } from './driver.ts';

/**
 * The dispatcher's map (issue 33), under /api/admin, for owners and dispatchers of the signed-in member's own site:
 *
 *   GET /api/admin/dispatch-map → DispatchMap: the drivers on duty (their latest trusted position, their job) and
 *       today's jobs still to do (London day; not cancelled, completed or a no-show), each pick-up placed by the maps
 *       port as the quotes place it (null when it cannot be placed). At most MAP_JOBS_LIMIT jobs, soonest first.
 *
 * The console reads it again when its live stream says a booking changed and every MAP_REFRESH_MS (positions arrive
 * from the drivers' phones without a booking changing).
 */
export const CONSOLE_MAP_PATH = '/api/admin/dispatch-map';

export const MAP_REFRESH_MS = 15_000;
export const MAP_JOBS_LIMIT = 200;

export const mapPointSchema = z.object({ lat: z.number(), lng: z.number() });
export type MapPoint = z.infer<typeof mapPointSchema>;

export const mapJobSchema = z.object({ booking: boardRowSchema, pickup_point: mapPointSchema.nullable() });
export type MapJob = z.infer<typeof mapJobSchema>;

export const dispatchMapSchema = z.object({
  success: z.literal(true),
  /** The London day the jobs are of (YYYY-MM-DD). */
  day: z.string(),
  drivers: z.array(onDutySchema),
  jobs: z.array(mapJobSchema),
  /** Where the site is based (the map's centre with nothing on it), or null. */
  base: mapPointSchema.nullable(),
  checked_at: z.string(),
});
export type DispatchMap = z.infer<typeof dispatchMapSchema>;

/** A driver's colour on the map and in its legend: what they are doing. */
export type DriverActivity = 'free' | 'assigned' | 'on_the_way' | 'arrived' | 'on_board';
export const DRIVER_ACTIVITY_LABELS: Record<DriverActivity, string> = {
  free: 'Free',
  assigned: 'Job assigned',
  on_the_way: 'On the way',
  arrived: 'Arrived',
  on_board: 'Passenger on board',
};
export const driverActivity = (driver: Pick<z.infer<typeof onDutySchema>, 'job'>): DriverActivity => driver.job?.state ?? 'free';

export const MAP_TEXT = {
  title: 'Live map',
  loadFailed: 'The map could not be loaded. Check the connection and try again.',
  noDrivers: 'No driver is on duty.',
  noJobs: 'No more jobs today.',
  noPosition: 'No position yet',
  notPlaced: 'Pick-up not on the map',
  staleAfterMinutes: 10,
} as const;
