import {
  addressListSchema,
  companyListSchema,
  fleetListSchema,
  settingListSchema,
  type Address,
  type Company,
  type FleetItem,
} from '../../contract/catalog.ts';
import type { SettingRow } from '../../contract/settings.ts';
import { apiClient, type CallOptions } from './client.ts';

// The catalogue calls of spec §7. Each answer is checked against the contract schema: a provider that
// answers in another shape is an error here, not a blank screen later.

/** GET /api/v1/setting */
export async function getSettings({ signal }: CallOptions = {}): Promise<SettingRow[]> {
  return settingListSchema.parse(await apiClient()('/setting', { signal }));
}

/** GET /api/v1/fetch_vehicles */
export async function fetchVehicles({ signal }: CallOptions = {}): Promise<FleetItem[]> {
  return fleetListSchema.parse(await apiClient()('/fetch_vehicles', { signal }));
}

/** GET /api/v1/fetch_companies */
export async function fetchCompanies({ signal }: CallOptions = {}): Promise<Company[]> {
  return companyListSchema.parse(await apiClient()('/fetch_companies', { signal }));
}

/** GET /api/v1/ai-addresses: the operator's saved addresses. */
export async function fetchAddresses({ signal }: CallOptions = {}): Promise<Address[]> {
  return addressListSchema.parse(await apiClient()('/ai-addresses', { signal }));
}

/** GET /api/v1/popular-locations (ours, not the spec's): the home page's popular pickup locations. */
export async function fetchPopularLocations({ signal }: CallOptions = {}): Promise<Address[]> {
  return addressListSchema.parse(await apiClient()('/popular-locations', { signal }));
}
