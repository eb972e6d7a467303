/** A point on OpenStreetMap's map, for the owner to check where a saved address sits. */
export const mapLink = (lat: number, lon: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

/** Coordinates as a person reads them (five decimals: about a metre). */
export const point = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
