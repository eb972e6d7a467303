import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminSettingsPutSchema, adminSiteCreateSchema, API_KEY_HEADERS } from '../../contract/catalog.ts';
import type { Db } from '../adapters/db/index.ts';
import { isMailAddress } from '../adapters/mail/index.ts';
import { createSitesRepository, type SiteCache } from '../domain/sites/index.ts';
import { HttpError, parseInput } from '../http.ts';
import { adminManageRoutes } from './adminManage.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The operator's admin API, guarded by `Authorization: Bearer <ADMIN_TOKEN>`.
 * It acts on the site named by the key pair headers sent with it, else on the default site.
 */
export function adminRoutes(db: Db, cache: SiteCache, adminToken: string) {
  const expected = digest(adminToken);
  const authorise = async (request: FastifyRequest) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match || !timingSafeEqual(digest(match[1]), expected)) throw new HttpError(401, 'Admin token missing or wrong');
    const publicKey = request.headers[API_KEY_HEADERS.public];
    const secretKey = request.headers[API_KEY_HEADERS.secret];
    const site =
      typeof publicKey === 'string' && typeof secretKey === 'string'
        ? await cache.siteByKeys(publicKey, secretKey)
        : (await cache.sites()).find((candidate) => candidate.isDefault);
    if (!site) throw new HttpError(401, 'Unknown site');
    request.site = site;
  };

  return async (app: FastifyInstance) => {
    app.addHook('onRequest', authorise);
    app.get('/settings', async (request) => (await cache.catalog(request.site.id)).settings);
    app.put('/settings', async (request) => {
      const changes = parseInput(adminSettingsPutSchema, request.body);
      if (Object.keys(changes).length === 0) throw new HttpError(400, 'No settings given');
      // Mail goes out from this address: one address, or every notice would be refused at sending.
      const from = changes.FROM_EMAIL;
      if (typeof from === 'string' && from.trim() !== '' && !isMailAddress(from.trim())) throw new HttpError(400, 'FROM_EMAIL: one e-mail address');
      await db.transaction((tx) => createSitesRepository(tx).writeSettings(request.site.id, changes));
      await cache.invalidate(request.site.id);
      return { success: true, settings: (await cache.catalog(request.site.id)).settings };
    });
    app.get('/sites', async () => (await cache.sites()).map(({ id, name, publicKey, hosts, isDefault }) => ({ id, name, public_key: publicKey, hosts, is_default: isDefault })));
    app.post('/sites', async (request, reply) => {
      const input = parseInput(adminSiteCreateSchema, request.body);
      const keys = { publicKey: `pk_${randomBytes(12).toString('hex')}`, secretKey: `sk_${randomBytes(18).toString('hex')}` };
      const id = await createSitesRepository(db).createSite(input.name, keys, input.hosts);
      await cache.invalidate('sites');
      return reply.code(201).send({ success: true, site: { id, name: input.name, hosts: input.hosts, public_key: keys.publicKey, secret_key: keys.secretKey } });
    });
    await app.register(adminManageRoutes(db));
  };
}
