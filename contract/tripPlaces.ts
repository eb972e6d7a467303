/**
 * How a trip's places are shown everywhere (pages, mails, the receipt's PDF, .ics files, the console, the statutory
 * CSV): pick-up, the extra stops in their order, drop-off; and one address line without a part said twice.
 */

/**
 * Joins address parts with ', ', leaving out empty parts and a part the line already ends with, whatever its case:
 * ('High Street, Slough', 'Slough') → 'High Street, Slough', not 'High Street, Slough, Slough'.
 */
export function addressLine(...parts: readonly (string | null | undefined)[]): string {
  let line = '';
  for (const raw of parts) {
    const part = (raw ?? '').trim();
    if (!part) continue;
    const said = line.toLowerCase().split(',').map((piece) => piece.trim());
    if (said.includes(part.toLowerCase())) continue;
    line = line ? `${line}, ${part}` : part;
  }
  return line;
}

export interface TripPlace {
  /** 'Pick-up', 'Stop 1', 'Stop 2' …, 'Drop-off'. */
  label: string;
  address: string;
}

/** The trip's places in travelling order; an hourly hire (no drop-off) ends with its last stop. */
export function tripPlaces(pickup: string, stops: readonly string[], dropoff: string | null | undefined): TripPlace[] {
  return [
    { label: 'Pick-up', address: pickup },
    ...stops.filter((stop) => stop.trim() !== '').map((address, index) => ({ label: `Stop ${index + 1}`, address })),
    ...(dropoff ? [{ label: 'Drop-off', address: dropoff }] : []),
  ];
}
