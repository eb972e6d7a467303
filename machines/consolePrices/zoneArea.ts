/**
 * The zone's area edited on the map picker (issue 19): a click adds a polygon corner or sets a radius zone's centre;
 * a corner can be dragged or removed. Pure functions over the row's values as the API takes them
 * (`area: { kind: 'polygon', points: [lat, lon][] }` or `{ kind: 'radius', lat, lon, radius_miles }`), used by the
 * prices statechart; the typed corners of the form are the same values.
 */
import { polygonProblem } from '../../contract/consolePrices.ts';

export interface MapPoint {
  lat: number;
  lon: number;
}

type Values = Record<string, unknown>;
type Area = { kind?: unknown; points?: unknown; lat?: unknown; lon?: unknown; radius_miles?: unknown };

const areaOf = (values: Values): Area => (values.area && typeof values.area === 'object' ? (values.area as Area) : {});
const cornersOf = (area: Area): [number, number][] => (Array.isArray(area.points) ? (area.points as [number, number][]) : []);

/** A click on the map: a new corner at the end of a polygon, or a radius zone's centre; other kinds are unchanged. */
export function addZonePoint(values: Values, { lat, lon }: MapPoint): Values {
  const area = areaOf(values);
  if (area.kind === 'polygon') return { ...values, area: { ...area, points: [...cornersOf(area), [lat, lon]] } };
  if (area.kind === 'radius') return { ...values, area: { ...area, lat, lon } };
  return values;
}

/** A corner dragged to a new place (an index out of range changes nothing). */
export function moveZoneCorner(values: Values, index: number, { lat, lon }: MapPoint): Values {
  const area = areaOf(values);
  const corners = cornersOf(area);
  if (area.kind !== 'polygon' || !(index >= 0 && index < corners.length)) return values;
  return { ...values, area: { ...area, points: corners.map((corner, i) => (i === index ? [lat, lon] : corner)) } };
}

export function removeZoneCorner(values: Values, index: number): Values {
  const area = areaOf(values);
  const corners = cornersOf(area);
  if (area.kind !== 'polygon' || !(index >= 0 && index < corners.length)) return values;
  return { ...values, area: { ...area, points: corners.filter((_, i) => i !== index) } };
}

/** What is wrong with a polygon zone's corners as they stand (null: nothing, or not a polygon, or no corner yet). */
export function zoneAreaProblem(values: Values | null | undefined): string | null {
  const area = values ? areaOf(values) : {};
  if (area.kind !== 'polygon') return null;
  const corners = cornersOf(area);
  if (corners.length === 0) return null;
  if (corners.some((corner) => !Array.isArray(corner) || corner.length < 2 || !corner.every(Number.isFinite))) return 'every corner needs a latitude and a longitude';
  return polygonProblem(corners);
}
