/**
 * The site's public catalogue the server embeds in the page it serves (server/web/catalogueBlock.ts, a JSON data block): the
 * exact answers of GET /api/v1/setting, /fetch_companies, /fetch_vehicles and /popular-locations, so the start-up
 * machine (machines/app) begins with them instead of waiting for the calls. Each part is checked like the call's answer
 * would be, by the zod-free checks of contract/plainChecks.ts (zod stays out of the start-up JavaScript); a missing or
 * malformed part is left out and fetched as before.
 */
import { BOOTSTRAP_ELEMENT_ID, checkAddressList, checkCompanyList, checkFleetList, checkSettingList } from '../../contract/plainChecks.ts';
import type { AppInput } from '../../machines/app/app.machine.ts';

/** The JSON of the page's data block `id` (the server's `<script type="application/json">`), or null. */
export function readDataBlock(id: string, doc: Document | undefined = globalThis.document): unknown {
  const text = doc?.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function readBootstrap(doc: Document | undefined = globalThis.document): AppInput {
  return bootstrapInput(readDataBlock(BOOTSTRAP_ELEMENT_ID, doc));
}

/** The start-up actor's input from the block's data (also what the server renders with, src/entry-server.tsx). */
export function bootstrapInput(value: unknown): AppInput {
  if (!value || typeof value !== 'object') return {};
  const data = value as Record<string, unknown>;
  const settings = checkSettingList(data.settings);
  const companies = checkCompanyList(data.companies);
  const fleet = checkFleetList(data.fleet);
  const popularLocations = checkAddressList(data.popularLocations);
  return {
    ...(settings && { settings }),
    ...(companies && { companies }),
    ...(fleet && { fleet }),
    ...(popularLocations && { popularLocations }),
  };
}
