import { fromPromise } from 'xstate';
import type { Address, Company, FleetItem } from '../../contract/catalog.ts';
import type { SettingRow } from '../../contract/settings.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`app actor "${name}" is not provided: supply it with appMachine.provide({ actors })`));

/**
 * The start-up machine's effects, declared by signature only. src/app/appLogic.ts supplies the real
 * ones (thin wrappers over src/api, passing `signal` through); tests supply stubs.
 */
export const appActors = {
  /** GET /api/v1/setting. Resolves with the provider's rows; rejects on any network or HTTP error. */
  loadSettings: fromPromise<SettingRow[]>(notProvided('loadSettings')),
  /** GET /api/v1/fetch_companies: the operator companies named in the footer. */
  loadCompanies: fromPromise<Company[]>(notProvided('loadCompanies')),
  /** GET /api/v1/fetch_vehicles: the fleet of the 'Extensive Fleet' section and /ourfleet. */
  loadFleet: fromPromise<FleetItem[]>(notProvided('loadFleet')),
  /** GET /api/v1/popular-locations: the home page's popular pickup locations. */
  loadPopularLocations: fromPromise<Address[]>(notProvided('loadPopularLocations')),
};
