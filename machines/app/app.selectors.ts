import type { SnapshotFrom } from 'xstate';
import type { AppMachine } from './app.machine.ts';

type AppSnapshot = SnapshotFrom<AppMachine>;

/** True while the 'Please wait while loading content' overlay shows. */
export const selectSettingsLoading = (s: AppSnapshot) => s.matches({ settings: 'loading' });
export const selectSettings = (s: AppSnapshot) => s.context.settings;
export const selectCompanies = (s: AppSnapshot) => s.context.companies;
export const selectFleet = (s: AppSnapshot) => s.context.fleet;
export const selectFleetLoading = (s: AppSnapshot) => s.matches({ fleet: 'loading' });
export const selectPopularLocations = (s: AppSnapshot) => s.context.popularLocations;
/** A maps key is configured and the Google script is due (the loader itself comes with the address forms). */
export const selectMapsToLoad = (s: AppSnapshot) => s.matches({ maps: 'toLoad' });
