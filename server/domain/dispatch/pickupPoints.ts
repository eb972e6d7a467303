import type { Queryable } from '../../adapters/db/index.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import type { Point } from './autoOfferRanking.ts';
import { createAutoOffersRepository } from './autoOffersRepository.ts';

/**
 * Where a booking's pick-up is, for the automatic offers' distances and the dispatcher's map: placed by the maps port
 * as the quotes place it (the site's saved addresses, its base), once per address (kept beside the booking in
 * auto_offer_bookings, placed again when the address changes). Null when the port cannot place it.
 */
export function createPickupPoints(deps: { db: Queryable; cache: SiteCache; maps: MapsPort }) {
  const repository = createAutoOffersRepository(deps.db);

  async function place(site: Site, address: string): Promise<Point | null> {
    const catalog = await deps.cache.catalog(site.id);
    const base = site.baseLat !== null && site.baseLon !== null ? { lat: site.baseLat, lon: site.baseLon } : null;
    const found = await deps.maps.resolve(address, { savedAddresses: catalog.addresses, base }).catch(() => null);
    return found ? { lat: found.lat, lng: found.lon } : null;
  }

  return {
    /** An address placed as the quotes place it (the site's saved addresses, its base); null when unknown or the port fails. */
    place,
    async pointOf(site: Site, booking: { id: number; pickupAddress: string }): Promise<Point | null> {
      const state = await repository.state(site.id, booking.id);
      if (state && state.pickupAddress === booking.pickupAddress) return state.pickupLat === null || state.pickupLng === null ? null : { lat: state.pickupLat, lng: state.pickupLng };
      const point = await place(site, booking.pickupAddress);
      await repository.savePickupPoint(site.id, booking.id, booking.pickupAddress, point);
      return point;
    },
  };
}
