/**
 * Composition root of the start-up machine: the real effects behind machines/app's placeholders.
 * Actors are thin wrappers over src/api (the signal passes through so a stopped actor aborts its fetch).
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app/app.machine.ts';
import { saveSettings } from '../storage/settingsStore.ts';

// The catalogue calls (and with them zod and the HTTP client) load on first use: with the catalogue embedded in the
// served page (bootstrap.ts) the start-up needs none of them.
const catalog = () => import('../api/catalog.ts');

export const appLogic = appMachine.provide({
  actors: {
    loadSettings: fromPromise(async ({ signal }) => (await catalog()).getSettings({ signal })),
    loadCompanies: fromPromise(async ({ signal }) => (await catalog()).fetchCompanies({ signal })),
    loadFleet: fromPromise(async ({ signal }) => (await catalog()).fetchVehicles({ signal })),
    loadPopularLocations: fromPromise(async ({ signal }) => (await catalog()).fetchPopularLocations({ signal })),
  },
  actions: {
    storeSettings: (_, { settings }) => saveSettings(settings),
  },
});

/** The one long-lived start-up actor; views read it with AppActor.useSelector(narrow selector). */
export const AppActor = createActorContext(appLogic);
