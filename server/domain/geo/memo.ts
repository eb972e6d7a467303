import type { MapsPort } from './mapsPort.ts';
import type { GeoPoint, Place, ResolveContext, RouteEstimate } from './types.ts';

/**
 * Remembers what the maps port answered, for the quoting path: the same address text resolved with the same saved
 * addresses, and the same points routed, are not worked out again (offline: the gazetteer scan; Google: a paid call).
 * - Resolutions are kept per saved-address list: the site cache makes a new list whenever the operator changes one,
 *   so a changed address is never answered from here.
 * - Offline answers are pure and kept until pushed out; a routing service's answers for `ttlMs` (default 15 minutes).
 *   An offline fallback given by the Google adapter when Google failed (estimated: true) is not kept.
 * - At most `max` entries per table, oldest first out; concurrent identical lookups share one promise.
 */
export function memoiseMaps(maps: MapsPort, options: { max?: number; ttlMs?: number; now?: () => number } = {}): MapsPort {
  const max = options.max ?? 5000;
  const ttlMs = maps.kind === 'offline' ? Number.POSITIVE_INFINITY : (options.ttlMs ?? 15 * 60_000);
  const now = options.now ?? Date.now;
  type Entry<T> = { at: number; value: Promise<T> };
  const noSavedAddresses: object = {};
  const resolutions = new WeakMap<object, Map<string, Entry<Place | null>>>();
  const routes = new Map<string, Entry<RouteEstimate>>();

  const remembered = <T>(table: Map<string, Entry<T>>, key: string, work: () => Promise<T>, keep: (value: T) => boolean): Promise<T> => {
    const hit = table.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    if (hit) table.delete(key);
    const value = work();
    if (table.size >= max) table.delete(table.keys().next().value!);
    table.set(key, { at: now(), value });
    value.then(
      (answer) => {
        if (!keep(answer) && table.get(key)?.value === value) table.delete(key);
      },
      () => {
        if (table.get(key)?.value === value) table.delete(key);
      },
    );
    return value;
  };

  const keepPlace = (place: Place | null) => maps.kind === 'offline' || (place !== null && !place.estimated);
  const keepRoute = (route: RouteEstimate) => maps.kind === 'offline' || !route.estimated;

  return {
    kind: maps.kind,
    resolve(text: string, context?: ResolveContext) {
      const owner = (context?.savedAddresses as object | undefined) ?? noSavedAddresses;
      let table = resolutions.get(owner);
      if (!table) {
        table = new Map();
        resolutions.set(owner, table);
      }
      const base = context?.base ? `${context.base.lat},${context.base.lon}` : '-';
      return remembered(table, `${base}|${text}`, () => maps.resolve(text, context), keepPlace);
    },
    route(points: readonly GeoPoint[]) {
      const key = points.map((point) => `${point.lat},${point.lon}`).join(';');
      return remembered(routes, key, () => maps.route(points), keepRoute);
    },
    suggest: (query, context) => maps.suggest(query, context),
    nearest: (point, context) => maps.nearest(point, context),
  };
}
