import { PLACES_MESSAGES, type BanCheck, type BanCheckResult, type BanCreate, type BannedPattern, type LocatedPlace, type PlaceCreateInput, type PlacePatch, type SavedPlace } from '../../../contract/consolePlaces.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import { normalise } from '../geo/text.ts';
import { findBannedAddress } from '../pricing/index.ts';
import { resolveContext } from '../quotes/quoting.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { changedOnly, pick } from '../audit/changes.ts';
import { createPlacesRepository } from './repository.ts';

/**
 * Saved addresses, popular locations and banned address patterns of one site. Each change runs in one transaction
 * under the site's places lock, writes its audit row with before and after, and drops the site cache (this process at
 * once, the others by the tables' NOTIFY triggers), so suggestions, popular locations and quotes use it on the next
 * request. Addresses without coordinates are placed by the maps port (Google's geocoder when keyed, else the
 * gazetteer); a ban is checked by the quote's own matcher (`findBannedAddress`).
 */
export function createPlacesService(deps: { db: Db; cache: SiteCache; maps: MapsPort }) {
  const { db, cache, maps } = deps;

  const change = async <T>(siteId: number, work: (tx: Queryable) => Promise<{ result: T; changed: boolean }>): Promise<T> => {
    const { result, changed } = await db.transaction(async (tx) => {
      await createPlacesRepository(tx).lockSite(siteId);
      return work(tx);
    });
    if (changed) await cache.invalidate(siteId);
    return result;
  };

  const base = (site: Site) => (site.baseLat !== null && site.baseLon !== null ? { lat: site.baseLat, lon: site.baseLon } : null);

  /** Where the maps port puts a typed address (never the site's own saved addresses: they are what is being placed). */
  async function locate(site: Site, address: string): Promise<LocatedPlace> {
    const place = await maps.resolve(address, { base: base(site) });
    if (!place) throw new DomainError('unprocessable', PLACES_MESSAGES.notLocated);
    return { label: place.label, lat: place.lat, lon: place.lon, estimated: place.estimated, source: place.source };
  }

  return {
    locate,

    async list(siteId: number) {
      const repository = createPlacesRepository(db);
      const [addresses, banned] = await Promise.all([repository.places(siteId), repository.bans(siteId)]);
      return { maps: maps.kind, addresses, banned };
    },

    async createPlace(actor: Actor, site: Site, input: PlaceCreateInput): Promise<SavedPlace> {
      const point = input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : await locate(site, input.address);
      return change(site.id, async (tx) => {
        const repository = createPlacesRepository(tx);
        if (await repository.placeNamed(site.id, input.address, null)) throw new DomainError('conflict', PLACES_MESSAGES.addressTaken);
        const place = await repository.insertPlace(site.id, { address: input.address, lat: point.lat, lon: point.lon, kind: input.kind, popular: input.popular });
        await recordAudit(tx, actor, { siteId: site.id, action: 'place.create', entityType: 'place', entityId: place.id, before: null, after: place });
        return { result: place, changed: true };
      });
    },

    async updatePlace(actor: Actor, site: Site, id: number, patch: PlacePatch): Promise<SavedPlace> {
      return change(site.id, async (tx) => {
        const repository = createPlacesRepository(tx);
        const before = await repository.place(site.id, id);
        if (!before) throw new DomainError('not_found', PLACES_MESSAGES.addressNotFound);
        const changed = changedOnly(before, patch);
        if (Object.keys(changed).length === 0) return { result: before, changed: false };
        if (changed.address !== undefined && (await repository.placeNamed(site.id, changed.address, id))) throw new DomainError('conflict', PLACES_MESSAGES.addressTaken);
        const after = await repository.updatePlace(site.id, id, changed);
        await recordAudit(tx, actor, { siteId: site.id, action: 'place.update', entityType: 'place', entityId: id, before: pick(before, changed), after: changed });
        return { result: after, changed: true };
      });
    },

    async deletePlace(actor: Actor, siteId: number, id: number): Promise<void> {
      await change(siteId, async (tx) => {
        const repository = createPlacesRepository(tx);
        const before = await repository.place(siteId, id);
        if (!before) throw new DomainError('not_found', PLACES_MESSAGES.addressNotFound);
        await repository.deletePlace(siteId, id);
        await recordAudit(tx, actor, { siteId, action: 'place.delete', entityType: 'place', entityId: id, before, after: null });
        return { result: undefined, changed: true };
      });
    },

    async createBan(actor: Actor, siteId: number, input: BanCreate): Promise<BannedPattern> {
      return change(siteId, async (tx) => {
        const repository = createPlacesRepository(tx);
        const words = normalise(input.pattern);
        // The matcher compares plain a–z and 0–9 words: a pattern with none of them (ligatures, symbols) would match nothing.
        if (words === '') throw new DomainError('invalid_input', `pattern: ${PLACES_MESSAGES.patternWords}`);
        // Two patterns of the same words refuse the same searches: the second would change nothing.
        if ((await repository.bans(siteId)).some((ban) => normalise(ban.pattern) === words)) throw new DomainError('conflict', PLACES_MESSAGES.banTaken);
        const banned = await repository.insertBan(siteId, input.pattern, input.reason || null);
        await recordAudit(tx, actor, { siteId, action: 'banned_address.create', entityType: 'banned_address', entityId: banned.id, before: null, after: banned });
        return { result: banned, changed: true };
      });
    },

    async deleteBan(actor: Actor, siteId: number, id: number): Promise<void> {
      await change(siteId, async (tx) => {
        const repository = createPlacesRepository(tx);
        const before = await repository.ban(siteId, id);
        if (!before) throw new DomainError('not_found', PLACES_MESSAGES.banNotFound);
        await repository.deleteBan(siteId, id);
        await recordAudit(tx, actor, { siteId, action: 'banned_address.delete', entityType: 'banned_address', entityId: id, before, after: null });
        return { result: undefined, changed: true };
      });
    },

    /**
     * Would a search for `sample` be refused? The quote matches the banned patterns against what the visitor typed and
     * what the maps port resolved it to, so this resolves the sample the way the quote does (with the saved addresses)
     * and asks the same matcher, with the saved patterns and then with the new one alone.
     */
    async checkBan(site: Site, input: BanCheck): Promise<BanCheckResult> {
      const catalog = await cache.catalog(site.id);
      const place = await maps.resolve(input.sample, resolveContext(site, catalog));
      const texts = place ? [input.sample, place.label] : [input.sample];
      const saved = findBannedAddress(texts, catalog);
      const drafted = saved === null && input.pattern !== undefined ? findBannedAddress(texts, { bannedAddresses: [{ pattern: input.pattern, reason: null }] }) : null;
      const matched = saved ?? drafted;
      return { refused: matched !== null, matched, by_new_pattern: drafted !== null, resolved: place?.label ?? null };
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
