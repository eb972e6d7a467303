import type { GeoPoint } from './types.ts';

/**
 * Charging zones as polygons of [lat, lon] corners, for deciding whether a trip enters them.
 *
 * Both are APPROXIMATIONS drawn by hand from the zones' boundary roads and borough boundaries, good to a few hundred
 * metres (Congestion Charge) and a kilometre or two (ULEZ). Offline, a leg is the straight line between its points, so
 * "enters the zone" means a point lies inside or a straight segment crosses it; with a routing service the route's
 * polyline points are passed instead and the answer improves without changing this code.
 */
export interface Zone {
  id: 'london-congestion-charge' | 'london-ulez';
  name: string;
  polygon: ReadonlyArray<readonly [number, number]>;
}

/**
 * The Congestion Charge zone: inside the Inner Ring Road — Marylebone Road / Euston Road to King's Cross, Pentonville
 * Road, City Road, Old Street, Commercial Street, Tower Bridge, New Kent Road, Elephant & Castle, Kennington Lane,
 * Vauxhall Bridge, Vauxhall Bridge Road, Grosvenor Place, Park Lane and Edgware Road.
 */
export const CONGESTION_CHARGE_ZONE: Zone = {
  id: 'london-congestion-charge',
  name: 'London Congestion Charge zone',
  polygon: [
    [51.5130, -0.1589], // Marble Arch
    [51.5203, -0.1690], // Edgware Road / Marylebone Road
    [51.5226, -0.1571], // Baker Street
    [51.5238, -0.1440], // Great Portland Street
    [51.5275, -0.1330], // Euston
    [51.5310, -0.1200], // King's Cross, Pentonville Road
    [51.5320, -0.1060], // Angel
    [51.5256, -0.0876], // Old Street roundabout
    [51.5245, -0.0775], // Shoreditch, Commercial Street
    [51.5150, -0.0720], // Aldgate East
    [51.5095, -0.0745], // Tower Hill
    [51.5010, -0.0760], // Tower Bridge Road
    [51.4950, -0.0820], // Bricklayers Arms, New Kent Road
    [51.4945, -0.1005], // Elephant & Castle
    [51.4890, -0.1120], // Kennington Lane
    [51.4860, -0.1240], // Vauxhall Cross
    [51.4880, -0.1280], // Vauxhall Bridge, north end
    [51.4920, -0.1370], // Vauxhall Bridge Road
    [51.4935, -0.1480], // Eccleston Bridge, west of Victoria station
    [51.4990, -0.1500], // Grosvenor Place
    [51.5027, -0.1527], // Hyde Park Corner
  ],
};

/** The Ultra Low Emission Zone: since 29 August 2023 all London boroughs, i.e. roughly Greater London's boundary. */
export const ULEZ_ZONE: Zone = {
  id: 'london-ulez',
  name: 'London Ultra Low Emission Zone',
  polygon: [
    [51.6700, -0.1500], // Cockfosters / Hadley Wood
    [51.6850, -0.0600], // Enfield, M25
    [51.6850, -0.0200], // Enfield Lock
    [51.6550, 0.0100], // Chingford
    [51.6300, 0.0800], // Chigwell boundary
    [51.6300, 0.2300], // Harold Hill / Noak Hill
    [51.6200, 0.2600], // Havering north-east
    [51.5600, 0.3300], // Upminster east
    [51.5000, 0.2400], // Rainham
    [51.4800, 0.1800], // Erith
    [51.4500, 0.1600], // Bexley east
    [51.4200, 0.1600], // Bexley south-east
    [51.3500, 0.1500], // Orpington
    [51.2900, 0.0800], // Cudham
    [51.2870, 0.0300], // Biggin Hill, southern tip
    [51.3000, -0.0200], // New Addington
    [51.2900, -0.1300], // Coulsdon
    [51.3350, -0.2000], // Belmont
    [51.3550, -0.2300], // Cheam / Ewell boundary
    [51.3650, -0.2550], // Stoneleigh
    [51.3450, -0.3100], // Chessington, south
    [51.4000, -0.3800], // Hampton
    [51.4600, -0.5100], // Heathrow, west edge
    [51.5200, -0.5000], // Colne valley
    [51.6100, -0.5000], // Harefield
    [51.6300, -0.3300], // Stanmore
    [51.6400, -0.2800], // Edgware
    [51.6700, -0.2000], // High Barnet
  ],
};

export const ZONES = [CONGESTION_CHARGE_ZONE, ULEZ_ZONE] as const;

/** Ray casting on the (lon, lat) plane: at London's scale the distortion is far below the polygons' accuracy. */
export function pointInZone(point: GeoPoint, zone: Zone): boolean {
  const { polygon } = zone;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [latI, lonI] = polygon[i];
    const [latJ, lonJ] = polygon[j];
    const crosses = latI > point.lat !== latJ > point.lat && point.lon < ((lonJ - lonI) * (point.lat - latI)) / (latJ - latI) + lonI;
    if (crosses) inside = !inside;
  }
  return inside;
}

const orientation = (a: GeoPoint, b: GeoPoint, c: GeoPoint) => Math.sign((b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon));

function segmentsCross(p1: GeoPoint, p2: GeoPoint, q1: GeoPoint, q2: GeoPoint): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  return o1 !== o2 && o3 !== o4;
}

/** True when any point lies in the zone or a straight segment between consecutive points crosses its boundary. */
export function pathEntersZone(points: readonly GeoPoint[], zone: Zone): boolean {
  if (points.some((point) => pointInZone(point, zone))) return true;
  const corners = zone.polygon.map(([lat, lon]) => ({ lat, lon }));
  for (let index = 1; index < points.length; index += 1) {
    for (let c = 0; c < corners.length; c += 1) {
      if (segmentsCross(points[index - 1], points[index], corners[c], corners[(c + 1) % corners.length])) return true;
    }
  }
  return false;
}
