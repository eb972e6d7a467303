/**
 * The site's public catalogue embedded in every page it serves (a JSON data block read by src/app/bootstrap.ts), and
 * the same data as the server renderer reads it.
 */
import { BOOTSTRAP_ELEMENT_ID } from '../../contract/plainChecks.ts';
import type { SiteCatalog } from '../domain/sites/index.ts';
import { toAddressList, toCompanyList, toFleetList } from '../domain/sites/index.ts';
import { jsonBlock } from './html.ts';

export { BOOTSTRAP_ELEMENT_ID };

/**
 * What the website fetches at start (machines/app), exactly as the catalogue calls answer it (server/routes/catalog.ts):
 * GET /api/v1/setting, /fetch_companies, /fetch_vehicles and /popular-locations.
 */
export interface PublicCatalog {
  settings: unknown;
  companies: unknown;
  fleet: unknown;
  popularLocations: unknown;
}

export function publicCatalog(catalog: SiteCatalog): PublicCatalog {
  return {
    settings: catalog.settings,
    companies: toCompanyList(catalog.companies),
    fleet: toFleetList(catalog.vehicles),
    popularLocations: toAddressList(catalog.addresses.filter((entry) => entry.popular)),
  };
}

/** The site has a browser Maps key (setting GOOGLE_API_KEY, blank meaning none, as src/maps/mapsKey.ts reads it). */
export function hasBrowserMapsKey(catalog: SiteCatalog): boolean {
  return catalog.settings.some((setting) => setting.setting_name === 'GOOGLE_API_KEY' && Boolean(setting.setting_value?.trim()));
}

/**
 * For each cached catalogue object (the site cache hands out a new one after an operator's change), built once from one
 * serialisation: its data block, and the catalogue as the browser reads it back (through JSON) for the server renderer.
 */
const embedded = new WeakMap<SiteCatalog, { block: string; asRead: unknown }>();
export function embeddedCatalogue(catalog: SiteCatalog): { block: string; asRead: unknown } {
  let entry = embedded.get(catalog);
  if (!entry) {
    const json = JSON.stringify(publicCatalog(catalog));
    embedded.set(catalog, (entry = { block: jsonBlock(BOOTSTRAP_ELEMENT_ID, json), asRead: JSON.parse(json) }));
  }
  return entry;
}
