import { DERIVED_SETTING_NAMES, type SettingRow } from '../../../contract/settings.ts';
import type { Db } from '../../adapters/db/index.ts';
import { createSitesRepository, type Site, type SiteCatalog } from './sitesRepository.ts';

export const CACHE_CHANNEL = 'cabflow_site_changed';

/**
 * Caches the sites (key pairs) and each site's read-mostly catalogue in process memory.
 * A change made by any process NOTIFYs CACHE_CHANNEL; every process LISTENs and drops its copy,
 * so an operator's change shows on the next page load without a restart, also behind a load balancer.
 */
export function createSiteCache(db: Db, options: { derivedSettings?: readonly SettingRow[] } = {}) {
  const repository = createSitesRepository(db);
  const derived = options.derivedSettings ?? [];
  const derivedNames = new Set<string>(DERIVED_SETTING_NAMES);
  // Settings the server works out from its deployment (contract/settings.ts DERIVED_SETTING_NAMES) are never read from
  // the table; the ones it gives are added (one it does not give is off: a toggle is on only when 'enable').
  const loadCatalog = async (siteId: number): Promise<SiteCatalog> => {
    const catalog = await repository.loadCatalog(siteId);
    if (!derived.length && !catalog.settings.some((row) => derivedNames.has(row.setting_name))) return catalog;
    return { ...catalog, settings: [...catalog.settings.filter((row) => !derivedNames.has(row.setting_name)), ...derived] };
  };
  let sites: Promise<Site[]> | null = null;
  const catalogs = new Map<number, Promise<SiteCatalog>>();

  const dropLocal = (payload: string) => {
    if (payload === 'sites' || payload === '') sites = null;
    const siteId = Number(payload);
    if (Number.isInteger(siteId) && siteId > 0) catalogs.delete(siteId);
    else catalogs.clear();
  };

  const remember = <T>(load: () => Promise<T>, store: (value: Promise<T> | null) => void): Promise<T> => {
    const pending = load();
    store(pending);
    pending.catch(() => store(null));
    return pending;
  };

  return {
    async start() {
      // A change notified while the LISTEN connection was down is lost: drop everything once it is back.
      await db.listen(CACHE_CHANNEL, dropLocal, () => dropLocal(''));
    },
    sites(): Promise<Site[]> {
      return sites ?? remember(() => repository.listSites(), (value) => (sites = value));
    },
    async siteByKeys(publicKey: string, secretKey: string): Promise<Site | null> {
      const all = await this.sites();
      return all.find((site) => site.publicKey === publicKey && site.secretKey === secretKey) ?? null;
    },
    async siteForHost(host: string | undefined): Promise<Site | null> {
      const all = await this.sites();
      const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
      return all.find((site) => site.hosts.includes(name)) ?? all.find((site) => site.isDefault) ?? null;
    },
    catalog(siteId: number): Promise<SiteCatalog> {
      return catalogs.get(siteId) ?? remember(() => loadCatalog(siteId), (value) => (value ? catalogs.set(siteId, value) : catalogs.delete(siteId)));
    },
    /** Drops this process's copy at once and tells the other processes. */
    async invalidate(siteId: number | 'sites') {
      dropLocal(String(siteId));
      await db.notify(CACHE_CHANNEL, String(siteId));
    },
  };
}

export type SiteCache = ReturnType<typeof createSiteCache>;
