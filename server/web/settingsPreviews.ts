import type { SettingRow } from '../../contract/settings.ts';
import type { Queryable } from '../adapters/db/index.ts';
import { hashSessionToken, newSessionToken } from '../domain/accounts/secrets.ts';
import { createSitesRepository, type SiteCatalog } from '../domain/sites/index.ts';

/**
 * Settings previews (issue 19, migration 017): the owner's console stores its unsaved settings under a random token
 * (256 bits, only the SHA-256 kept) for PREVIEW_TTL_MINUTES, and frames the public site with that token in the query
 * (`/?settings-preview=…`). The page handler (server/web/page.ts) and GET /api/v1/setting apply the draft only to a
 * request carrying a live token of the request's own site; such an answer is private and never stored by a cache.
 * The table is read by every process, so the frame may reach another process than the console's call.
 */
export const PREVIEW_QUERY = 'settings-preview';
/** The header a script would send to GET /api/v1/setting for the same preview (the served page embeds the settings). */
export const PREVIEW_HEADER = 'x-cabflow-settings-preview';
export const PREVIEW_TTL_MINUTES = 15;
/** Why a preview's token was refused (404 from the page handler and GET /api/v1/setting). */
export const PREVIEW_REFUSED = 'No such settings preview: it has expired or belongs to another site';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type SettingChanges = Record<string, string | null>;

export function createSettingsPreviews(db: Queryable) {
  return {
    /** Stores a draft (already checked) and returns its token; drops every expired preview on the way. */
    async create(siteId: number, changes: SettingChanges): Promise<{ token: string; expiresAt: string }> {
      const token = newSessionToken();
      const expiresAt = await createSitesRepository(db).insertSettingsPreview(siteId, hashSessionToken(token), changes, PREVIEW_TTL_MINUTES);
      return { token, expiresAt: expiresAt.toISOString() };
    },
    /** The draft of a live token of this site, or null (malformed, unknown, expired, another site's). */
    async find(siteId: number, token: string): Promise<SettingChanges | null> {
      if (!TOKEN.test(token)) return null;
      return createSitesRepository(db).settingsPreview(siteId, hashSessionToken(token));
    },
  };
}

export type SettingsPreviews = ReturnType<typeof createSettingsPreviews>;

/** The saved settings rows with a draft applied: a changed value replaced, a new one added, null removed. */
export function previewSettingRows(saved: readonly SettingRow[], changes: SettingChanges): SettingRow[] {
  const has = (name: string) => Object.hasOwn(changes, name);
  const rows = saved
    .filter((row) => !has(row.setting_name) || changes[row.setting_name] !== null)
    .map((row) => (has(row.setting_name) ? { setting_name: row.setting_name, setting_value: changes[row.setting_name] } : { ...row }));
  const known = new Set(saved.map((row) => row.setting_name));
  for (const [name, value] of Object.entries(changes)) if (value !== null && !known.has(name)) rows.push({ setting_name: name, setting_value: value });
  return rows;
}

/** A copy of the site's catalogue showing the draft (the cached catalogue itself is never touched). */
export const previewCatalog = (catalog: SiteCatalog, changes: SettingChanges): SiteCatalog => ({ ...catalog, settings: previewSettingRows(catalog.settings, changes) });

/** The token a request names in its query (`?settings-preview=…`), or null. */
export function previewTokenOf(url: string): string | null {
  const query = url.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(url.slice(query + 1)).get(PREVIEW_QUERY);
}
