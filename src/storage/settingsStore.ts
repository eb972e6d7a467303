import { SETTING_NAMES, settingsFromRows, type Settings } from '../../contract/settings.ts';
import { STORAGE_KEYS } from '../../contract/storageKeys.ts';
import { browserStorage, readEncoded, writeEncoded } from './codec.ts';

/** appSettings: the operator settings as a {name: value} map, base64 of its JSON (spec §3 Settings). */
export function saveSettings(settings: Settings, storage = browserStorage()): void {
  writeEncoded(STORAGE_KEYS.appSettings, settings, storage);
}

/** The stored settings; every name the stored entry lacks (or the whole entry when missing) reads as null. */
export function loadSettings(storage = browserStorage()): Settings {
  const stored = readEncoded<Record<string, unknown>>(STORAGE_KEYS.appSettings, storage);
  const rows =
    stored && typeof stored === 'object' && !Array.isArray(stored)
      ? SETTING_NAMES.filter((name) => typeof stored[name] === 'string').map((name) => ({ setting_name: name, setting_value: stored[name] as string }))
      : [];
  return settingsFromRows(rows);
}
