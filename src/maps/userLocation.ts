/**
 * Where place suggestions are biased to (spec §7: "around the user's location within 50000 m"; §9: fallback
 * 51.5074, -0.1278, geolocation timeout 10 s). Typing an address never opens the browser's permission prompt: the
 * position is read only when the visitor has already allowed it (for instance with the locate icon); otherwise, and
 * on any failure, the fallback centre in London is used.
 */
import type { LatLon } from '../../contract/booking.ts';
import { FALLBACK_LOCATION, GEOLOCATION_TIMEOUT_MS } from '../../machines/homeForm/homeForm.form.ts';

/** Spec §9: nearby place search radius. */
export const BIAS_RADIUS_M = 50_000;

export interface LocationDeps {
  permissions?: Pick<Permissions, 'query'> | null;
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | null;
}

const browserDeps = (): LocationDeps => ({ permissions: globalThis.navigator?.permissions ?? null, geolocation: globalThis.navigator?.geolocation ?? null });

/** The visitor's position when geolocation is already granted, else FALLBACK_LOCATION. Never rejects. */
export async function biasLocation({ permissions, geolocation }: LocationDeps = browserDeps()): Promise<LatLon> {
  try {
    if (!permissions || !geolocation) return FALLBACK_LOCATION;
    const status = await permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return FALLBACK_LOCATION;
    return await new Promise<LatLon>((resolve) => {
      geolocation.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
        () => resolve(FALLBACK_LOCATION),
        { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60_000 },
      );
    });
  } catch {
    return FALLBACK_LOCATION;
  }
}
