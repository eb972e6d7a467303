/** Composition root of the Settings page: machines/consoleSettings' effects made real (the console API, same origin). */
import { fromPromise } from 'xstate';
import { SETTINGS_CATALOGUE } from '../../../contract/settingsCatalogue.ts';
import type { SettingRow } from '../../../contract/settings.ts';
import { settingsMachine, type SettingValues } from '../../../machines/consoleSettings/index.ts';
import { consoleCall } from '../../api/consoleClient.ts';

/** Every setting of the catalogue (null when the site has none), from the rows the API answers. */
function valuesOf(rows: readonly SettingRow[]): SettingValues {
  const values: SettingValues = Object.fromEntries(SETTINGS_CATALOGUE.map((entry) => [entry.name, null]));
  for (const row of rows) if (row.setting_name in values) values[row.setting_name] = row.setting_value;
  return values;
}

export const settingsLogic = settingsMachine.provide({
  actors: {
    load: fromPromise(async ({ signal }) => valuesOf(await consoleCall<SettingRow[]>('/settings', { signal }))),
    save: fromPromise(async ({ input }) => valuesOf((await consoleCall<{ settings: SettingRow[] }>('/settings', { method: 'PUT', body: input })).settings)),
    makePreview: fromPromise(async ({ input, signal }) => (await consoleCall<{ url: string }>('/settings/preview', { method: 'POST', body: input, signal })).url),
  },
});
