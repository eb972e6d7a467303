import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsPreviewResponseSchema, settingsSavedResponseSchema } from '../../contract/consoleSettings.ts';
import { consoleSettingsPutSchema, settingListSchema } from '../../contract/catalog.ts';
import { firstSettingProblem } from '../../contract/settingsCatalogue.ts';
import type { Db } from '../adapters/db/index.ts';
import { isMailAddress } from '../adapters/mail/index.ts';
import { recordAudit } from '../domain/audit/audit.ts';
import { createSitesRepository, type SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { createSettingsPreviews, PREVIEW_QUERY, type SettingChanges } from '../web/settingsPreviews.ts';
import { answers, createdAnswers } from './schemas.ts';

/**
 * A body of setting changes (its shape checked by the route's schema) checked by the settings catalogue
 * (contract/settingsCatalogue.ts, which the console's form uses too): 400 naming the first setting whose value the site cannot use.
 */
function checkedChanges(changes: SettingChanges): SettingChanges {
  const problem = firstSettingProblem(changes);
  if (problem) throw new HttpError(400, problem);
  // Mail goes out from this address: one address as the mail layer sends to, or every notice would be refused at sending.
  const from = changes.FROM_EMAIL;
  if (typeof from === 'string' && !isMailAddress(from)) throw new HttpError(400, 'FROM_EMAIL: one e-mail address');
  return changes;
}

/** The owner's settings calls (registered inside the console API's owner-only scope). */
export function consoleSettingsRoutes({ db, cache }: { db: Db; cache: SiteCache }) {
  const previews = createSettingsPreviews(db);
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/settings', { schema: { response: answers(settingListSchema) } }, async (request) => (await cache.catalog(request.site.id)).settings);
    owners.put('/settings', { schema: { body: consoleSettingsPutSchema, response: answers(settingsSavedResponseSchema) } }, async (request) => {
      const changes = checkedChanges(request.body);
      if (Object.keys(changes).length === 0) throw new HttpError(400, 'No settings given');
      const siteId = request.site.id;
      const changed = await db.transaction(async (tx) => {
        // One save of a site's settings at a time, so concurrent identical saves find the first one's values.
        const sites = createSitesRepository(tx);
        await sites.lockSettings(siteId);
        const stored = await sites.settingValues(siteId, Object.keys(changes));
        // Only what differs is written and audited: a save that changes nothing (a repeated press) leaves no entry.
        const names = Object.keys(changes).filter((name) => stored[name] !== changes[name]);
        if (names.length === 0) return false;
        const pick = (values: SettingChanges) => Object.fromEntries(names.map((name) => [name, values[name]]));
        await sites.writeSettings(siteId, pick(changes));
        await recordAudit(tx, request.actor, { siteId, action: 'settings.update', entityType: 'settings', entityId: siteId, before: pick(stored), after: pick(changes) });
        return true;
      });
      // This process at once; the others through the settings trigger's NOTIFY (docs/architecture.md §4).
      if (changed) await cache.invalidate(siteId);
      return { success: true as const, settings: (await cache.catalog(siteId)).settings };
    });
    // The console's live preview: the unsaved changes under a short-lived token the preview frame's address carries.
    owners.post('/settings/preview', { schema: { body: consoleSettingsPutSchema, response: createdAnswers(settingsPreviewResponseSchema) } }, async (request, reply) => {
      const changes = checkedChanges(request.body);
      const { token, expiresAt } = await previews.create(request.site.id, changes);
      return reply.code(201).send({ success: true as const, token, expires_at: expiresAt, url: `/?${PREVIEW_QUERY}=${token}` });
    });
  };
}
