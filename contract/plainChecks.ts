/**
 * Zod-free checks of what the browser reads before its first render: the catalogue the server embeds in the page
 * (src/app/bootstrap.ts). Zod and the schemas are about 25 kB gzip of JavaScript, so the browser loads them only with
 * its first API call. Each check returns what the matching schema of contract/catalog.ts returns from `parse` (the
 * known keys only) or null when that schema would refuse the value; contract/plainChecks.test.ts holds each check to
 * its schema on generated values.
 */
import type { Address, Company, FleetItem } from './catalog.ts';
import type { SettingRow } from './settings.ts';

/** The id of the JSON block in which the server embeds the site's public catalogue (server/web/catalogueBlock.ts, src/app/bootstrap.ts). */
export const BOOTSTRAP_ELEMENT_ID = 'cabflow-bootstrap';

type Field = 'string' | 'int' | 'string or null' | { readonly [key: string]: Field };
type Shape = { readonly [key: string]: Field };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function pick(shape: Shape, value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  const picked: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const item = value[key];
    if (field === 'string' ? typeof item === 'string' : field === 'int' ? Number.isSafeInteger(item) : field === 'string or null' ? typeof item === 'string' || item === null : false) {
      picked[key] = item;
      continue;
    }
    if (typeof field === 'string') return null;
    const inner = pick(field, item);
    if (!inner) return null;
    picked[key] = inner;
  }
  return picked;
}

function listOf<T>(shape: Shape): (value: unknown) => T[] | null {
  return (value) => {
    if (!Array.isArray(value)) return null;
    const list: unknown[] = [];
    for (const item of value) {
      const picked = pick(shape, item);
      if (!picked) return null;
      list.push(picked);
    }
    return list as T[];
  };
}

/** settingListSchema */
export const checkSettingList = listOf<SettingRow>({ setting_name: 'string', setting_value: 'string or null' });
/** companyListSchema */
export const checkCompanyList = listOf<Company>({ id: 'int', company: { company_name: 'string' } });
/** fleetListSchema */
export const checkFleetList = listOf<FleetItem>({ tbms_vid: 'int', vehicle_img: 'string', category_name: 'string', seats: 'int', hand_luggage: 'int', luggage: 'int' });
/** addressListSchema */
export const checkAddressList = listOf<Address>({ id: 'int', address: 'string' });

/** zod's email pattern (`z.email()`, which the server checks with), for forms that do without zod; a test keeps them equal. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
