/**
 * The site's public catalogue the server embeds in the page it serves (server/plugins/spa.ts, a JSON data block): the
 * exact answers of GET /api/v1/setting, /fetch_companies, /fetch_vehicles and /popular-locations, so the start-up
 * machine (machines/app) begins with them instead of waiting for the calls. Each part is checked against the contract
 * schema like the call's answer would be; a missing or malformed part is left out and fetched as before.
 */
import { addressListSchema, companyListSchema, fleetListSchema, settingListSchema } from '../../contract/catalog.ts';
import type { AppInput } from '../../machines/app/app.machine.ts';

export const BOOTSTRAP_ELEMENT_ID = 'cabflow-bootstrap';

export function readBootstrap(doc: Document | undefined = globalThis.document): AppInput {
  const text = doc?.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return {};
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object') return {};
  const settings = settingListSchema.safeParse(data.settings);
  const companies = companyListSchema.safeParse(data.companies);
  const fleet = fleetListSchema.safeParse(data.fleet);
  const popularLocations = addressListSchema.safeParse(data.popularLocations);
  return {
    ...(settings.success && { settings: settings.data }),
    ...(companies.success && { companies: companies.data }),
    ...(fleet.success && { fleet: fleet.data }),
    ...(popularLocations.success && { popularLocations: popularLocations.data }),
  };
}
