/**
 * The schematic map's projection (equirectangular): a frame of latitude and longitude fitted around the points it
 * must show, mapped linearly onto an SVG box, with longitude scaled by cos(latitude) so a mile is as long east–west
 * as north–south. Pure; the map picker turns clicks into coordinates with `toLatLon`.
 */
export interface LatLonPoint {
  lat: number;
  lon: number;
}

export interface Frame {
  north: number;
  south: number;
  east: number;
  west: number;
  /** The SVG box the frame fills. */
  width: number;
  height: number;
}

/** Central London (as userLocation.ts): the frame's centre when there is nothing to show yet. */
export const DEFAULT_CENTRE: LatLonPoint = { lat: 51.5074, lon: -0.1278 };
/** Half the frame's height, in degrees of latitude, around a single point (about 17 miles). */
const MIN_HALF_HEIGHT = 0.25;
const MARGIN = 0.15;

const round = (value: number, places = 5) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The frame around `points` (with a margin), at least `minHalfHeight` degrees of latitude either side of its centre
 * (MIN_HALF_HEIGHT: a county, for the console's zones; the live view's car and pick-up take a street's), shaped like
 * the width × height box.
 */
export function frameAround(points: readonly LatLonPoint[], width: number, height: number, minHalfHeight = MIN_HALF_HEIGHT): Frame {
  const shown = points.filter((point) => Number.isFinite(point.lat) && Number.isFinite(point.lon));
  const all = shown.length > 0 ? shown : [DEFAULT_CENTRE];
  const lats = all.map((point) => point.lat);
  const lons = all.map((point) => point.lon);
  const centre = { lat: (Math.max(...lats) + Math.min(...lats)) / 2, lon: (Math.max(...lons) + Math.min(...lons)) / 2 };
  const lonScale = Math.cos((centre.lat * Math.PI) / 180);
  // Half-extents in "north degrees": longitude spans shrink by cos(latitude).
  const halfLat = ((Math.max(...lats) - Math.min(...lats)) / 2) * (1 + MARGIN);
  const halfLon = ((Math.max(...lons) - Math.min(...lons)) / 2) * lonScale * (1 + MARGIN);
  const aspect = width / height;
  const halfHeight = Math.max(minHalfHeight, halfLat, halfLon / aspect);
  const halfWidthLon = (halfHeight * aspect) / lonScale;
  return { north: centre.lat + halfHeight, south: centre.lat - halfHeight, east: centre.lon + halfWidthLon, west: centre.lon - halfWidthLon, width, height };
}

/** The SVG position of a point. */
export const toSvg = (frame: Frame, { lat, lon }: LatLonPoint) => ({
  x: ((lon - frame.west) / (frame.east - frame.west)) * frame.width,
  y: ((frame.north - lat) / (frame.north - frame.south)) * frame.height,
});

/** The point at an SVG position, to 5 decimal places (about a metre). */
export const toLatLon = (frame: Frame, { x, y }: { x: number; y: number }): LatLonPoint => ({
  lat: round(frame.north - (y / frame.height) * (frame.north - frame.south)),
  lon: round(frame.west + (x / frame.width) * (frame.east - frame.west)),
});

/** SVG length of `miles` north–south (a radius drawn as a circle). */
export const milesToSvg = (frame: Frame, miles: number) => (miles / 69.05 / (frame.north - frame.south)) * frame.height;
