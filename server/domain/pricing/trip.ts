import { QUOTE_MESSAGES, stopText, type BookingForm, type DistanceBody, type HourlyRateForm, type Stop } from '../../../contract/booking.ts';
import { driveSeconds, roundMiles } from '../geo/distance.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import { placeFromLocation } from '../geo/resolve.ts';
import { normalise } from '../geo/text.ts';
import type { Place, ResolveContext } from '../geo/types.ts';
import type { LegRoute, QuoteError, RoutePoint, TripRoutes } from './types.ts';

/**
 * Turns a form into routed legs through the maps port (offline or Google), for the pricing engine.
 * - Outbound: pickup → stops in order → drop-off. Return: drop-off → pickup, direct (the stops are the outbound's).
 * - A stop is looked up by its whole text, then its "city or post code" field, then its street.
 * - Offline, two different texts can land on the same area point (two addresses in one postcode district). That is not
 *   the spec's "zero miles" (pickup and drop-off are the same place): such a leg is given SAME_POINT_MILES and a note,
 *   so the visitor still gets a price, marked estimated. Two texts naming the same saved address or airport stay 0.
 */
export const SAME_POINT_MILES = 1;
/** Kinds of place whose coordinates stand for an area, not an address. */
const IMPRECISE = new Set(['postcode', 'place', 'location']);

export type PlanOutcome<T> = { ok: true; value: T } | { ok: false; error: QuoteError };

const toPoint = (place: Place, text: string): RoutePoint => ({ lat: place.lat, lon: place.lon, text, label: place.label, kind: place.kind, iata: place.iata });

async function resolveText(maps: MapsPort, text: string, context: ResolveContext): Promise<PlanOutcome<RoutePoint>> {
  const place = await maps.resolve(text, context);
  return place ? { ok: true, value: toPoint(place, text) } : { ok: false, error: { code: 'unknown_place', message: QUOTE_MESSAGES.unknownPlace(text) } };
}

async function resolveStop(maps: MapsPort, stop: Stop, context: ResolveContext): Promise<PlanOutcome<RoutePoint>> {
  const text = stopText(stop);
  for (const candidate of [text, stop.postcode, stop.street_name]) {
    if (candidate.trim() === '') continue;
    const place = await maps.resolve(candidate, context);
    if (place) return { ok: true, value: toPoint(place, text) };
  }
  return { ok: false, error: { code: 'unknown_place', message: QUOTE_MESSAGES.unknownPlace(text) } };
}

async function routeLeg(maps: MapsPort, points: RoutePoint[]): Promise<LegRoute> {
  const route = await maps.route(points);
  const notes: string[] = [];
  let miles = route.miles;
  let seconds = route.seconds;
  if (route.estimated) {
    route.legs.forEach((leg, index) => {
      const [from, to] = [points[index], points[index + 1]];
      if (leg.miles === 0 && IMPRECISE.has(from.kind) && IMPRECISE.has(to.kind) && normalise(from.text) !== normalise(to.text)) {
        miles += SAME_POINT_MILES;
        seconds += driveSeconds(SAME_POINT_MILES);
        notes.push(`"${from.text}" and "${to.text}" fall in the same area on our offline map: ${SAME_POINT_MILES} mile assumed between them.`);
      }
    });
  }
  return { points, miles: roundMiles(miles), seconds, estimated: route.estimated, notes, ...(route.path ? { path: route.path } : {}), ...(route.polyline ? { polyline: route.polyline } : {}) };
}

/** The points of a trip, resolved: pickup, the stops, drop-off. */
export async function resolveTripPoints(
  form: Pick<BookingForm, 'pickup' | 'dropoff' | 'stops'>,
  maps: MapsPort,
  context: ResolveContext,
): Promise<PlanOutcome<RoutePoint[]>> {
  const pickup = await resolveText(maps, form.pickup, context);
  if (!pickup.ok) return pickup;
  const stops: RoutePoint[] = [];
  for (const stop of form.stops) {
    const resolved = await resolveStop(maps, stop, context);
    if (!resolved.ok) return resolved;
    stops.push(resolved.value);
  }
  const dropoff = await resolveText(maps, form.dropoff, context);
  if (!dropoff.ok) return dropoff;
  return { ok: true, value: [pickup.value, ...stops, dropoff.value] };
}

/** calculate-distance: miles and seconds through the stops in order. */
export async function planDistance(body: DistanceBody, maps: MapsPort, context: ResolveContext): Promise<PlanOutcome<LegRoute>> {
  const points = await resolveTripPoints(body, maps, context);
  if (!points.ok) return points;
  return { ok: true, value: await routeLeg(maps, points.value) };
}

/** The routed legs of a BookingForm: outbound and, for a return trip, the return leg. */
export async function planTrip(form: BookingForm, maps: MapsPort, context: ResolveContext): Promise<PlanOutcome<TripRoutes>> {
  const points = await resolveTripPoints(form, maps, context);
  if (!points.ok) return points;
  const outbound = await routeLeg(maps, points.value);
  const back = form.select_option === 'return' ? await routeLeg(maps, [points.value[points.value.length - 1], points.value[0]]) : null;
  return { ok: true, value: { outbound, return: back } };
}

/** The hourly hire's pickup: the address text, else the browser's position when the text cannot be placed. */
export async function planHourly(form: HourlyRateForm, maps: MapsPort, context: ResolveContext): Promise<PlanOutcome<RoutePoint>> {
  const resolved = await resolveText(maps, form.pickup, context);
  if (resolved.ok || !form.userLocation) return resolved;
  return { ok: true, value: toPoint(placeFromLocation(form.userLocation, form.pickup), form.pickup) };
}
