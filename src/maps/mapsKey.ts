/**
 * The operator's Google browser key: the setting GOOGLE_API_KEY (spec §3, "a maps key"), served by
 * GET /api/v1/setting and stored under appSettings when the app starts (machines/app `storeSettings`). Blank or
 * missing means no Google in the browser: the offline place search and the route schematic.
 *
 * Read from the stored settings rather than the app actor so the address suggester (a plain function, shared by
 * every address field) needs no React context. Components inside the app read `useSetting('GOOGLE_API_KEY')`.
 */
import { loadSettings } from '../storage/settingsStore.ts';

export const mapsKeyOf = (value: string | null | undefined): string | null => {
  const key = (value ?? '').trim();
  return key ? key : null;
};

export function browserMapsKey(): string | null {
  return mapsKeyOf(loadSettings().GOOGLE_API_KEY);
}
