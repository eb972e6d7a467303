/**
 * Composition root of the start-up machine: the real effects behind machines/app's placeholders.
 * Actors are thin wrappers over src/api (the signal passes through so a stopped actor aborts its fetch).
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app/app.machine.ts';
import { fetchCompanies, fetchPopularLocations, fetchVehicles, getSettings } from '../api/catalog.ts';
import { saveSettings } from '../storage/settingsStore.ts';

export const appLogic = appMachine.provide({
  actors: {
    loadSettings: fromPromise(({ signal }) => getSettings({ signal })),
    loadCompanies: fromPromise(({ signal }) => fetchCompanies({ signal })),
    loadFleet: fromPromise(({ signal }) => fetchVehicles({ signal })),
    loadPopularLocations: fromPromise(({ signal }) => fetchPopularLocations({ signal })),
  },
  actions: {
    storeSettings: (_, { settings }) => saveSettings(settings),
  },
});

/** The one long-lived start-up actor; views read it with AppActor.useSelector(narrow selector). */
export const AppActor = createActorContext(appLogic);
