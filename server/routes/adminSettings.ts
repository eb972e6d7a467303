import type { FastifyInstance } from 'fastify';
import { adminSettingsPutSchema } from '../../contract/catalog.ts';
import type { Db, Queryable } from '../adapters/db/index.ts';
import { isMailAddress } from '../adapters/mail/index.ts';
import { recordAudit } from '../domain/audit/audit.ts';
import { createSitesRepository, type SiteCache } from '../domain/sites/index.ts';
import { HttpError, parseInput } from '../http.ts';

async function settingValues(tx: Queryable, siteId: number, names: string[]): Promise<Record<string, string | null>> {
  const { rows } = await tx.query<{ setting_name: string; setting_value: string | null }>(
    'SELECT setting_name, setting_value FROM settings WHERE site_id = $1 AND setting_name = ANY($2::text[])',
    [siteId, names],
  );
  const found = new Map(rows.map((row) => [row.setting_name, row.setting_value]));
  return Object.fromEntries(names.map((name) => [name, found.get(name) ?? null]));
}

/** The owner's settings calls (registered inside the admin API's owner-only scope). */
export function adminSettingsRoutes({ db, cache }: { db: Db; cache: SiteCache }) {
  return async (owners: FastifyInstance) => {
    owners.get('/settings', async (request) => (await cache.catalog(request.site.id)).settings);
    owners.put('/settings', async (request) => {
      const changes = parseInput(adminSettingsPutSchema, request.body);
      if (Object.keys(changes).length === 0) throw new HttpError(400, 'No settings given');
      // Mail goes out from this address: one address, or every notice would be refused at sending.
      const from = changes.FROM_EMAIL;
      if (typeof from === 'string' && from.trim() !== '' && !isMailAddress(from.trim())) throw new HttpError(400, 'FROM_EMAIL: one e-mail address');
      const siteId = request.site.id;
      await db.transaction(async (tx) => {
        const before = await settingValues(tx, siteId, Object.keys(changes));
        await createSitesRepository(tx).writeSettings(siteId, changes);
        await recordAudit(tx, request.actor, { siteId, action: 'settings.update', entityType: 'settings', entityId: siteId, before, after: changes });
      });
      await cache.invalidate(siteId);
      return { success: true, settings: (await cache.catalog(siteId)).settings };
    });
  };
}
