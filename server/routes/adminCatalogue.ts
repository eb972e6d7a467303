import type { FastifyError, FastifyInstance } from 'fastify';
import {
  CATALOGUE_MESSAGES,
  catalogueIdParamsSchema,
  categoryCreateSchema,
  categoryPatchSchema,
  companyCreateSchema,
  companyPatchSchema,
  IMAGE_RULES,
} from '../../contract/adminCatalogue.ts';
import type { Db } from '../adapters/db/index.ts';
import type { StoragePort } from '../adapters/storage/index.ts';
import { createCatalogueService } from '../domain/catalogue/service.ts';
import { sweepUnusedUploads } from '../domain/catalogue/uploadSweep.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError, parseInput, sendError } from '../http.ts';

/** Until server/app.ts hands the admin API its storage port: uploads and uploaded pictures answer 503. */
const unwiredStorage: StoragePort = {
  kind: 'local',
  put: () => Promise.reject(new HttpError(503, 'Image storage is not configured on this server')),
  get: () => Promise.resolve(null),
  exists: () => Promise.reject(new HttpError(503, 'Image storage is not configured on this server')),
  list: () => Promise.resolve([]),
  delete: () => Promise.reject(new HttpError(503, 'Image storage is not configured on this server')),
};

/**
 * The owner's calls for companies, vehicle categories and their images (contract/adminCatalogue.ts), registered inside
 * the admin API's owner-only scope (so: signed in, CSRF-checked, the member's own site, owners only).
 */
export function adminCatalogueRoutes(deps: { db: Db; cache: SiteCache; storage?: StoragePort; now: () => Date }) {
  const storage = deps.storage ?? unwiredStorage;
  const catalogue = createCatalogueService({ ...deps, storage });
  return async (owners: FastifyInstance) => {
    owners.get('/catalogue', async (request) => ({ success: true, ...(await catalogue.list(request.site.id)) }));

    owners.post('/catalogue/companies', async (request, reply) => {
      const input = parseInput(companyCreateSchema, request.body);
      return reply.code(201).send({ success: true, company: await catalogue.createCompany(request.actor, request.site.id, input) });
    });
    owners.patch('/catalogue/companies/:id', async (request) => {
      const { id } = parseInput(catalogueIdParamsSchema, request.params);
      const patch = parseInput(companyPatchSchema, request.body);
      return { success: true, company: await catalogue.updateCompany(request.actor, request.site.id, id, patch) };
    });

    owners.post('/catalogue/categories', async (request, reply) => {
      const input = parseInput(categoryCreateSchema, request.body);
      return reply.code(201).send({ success: true, category: await catalogue.createCategory(request.actor, request.site.id, input) });
    });
    owners.patch('/catalogue/categories/:id', async (request) => {
      const { id } = parseInput(catalogueIdParamsSchema, request.params);
      const patch = parseInput(categoryPatchSchema, request.body);
      return { success: true, category: await catalogue.updateCategory(request.actor, request.site.id, id, patch) };
    });

    // The daily sweep (server/domain/housekeeping.ts) for the member's site, now: `npm run operator -- uploads sweep`.
    owners.post('/catalogue/uploads/sweep', async (request) => {
      const { deleted, kept } = await sweepUnusedUploads(deps.db, storage, request.site.id, deps.now());
      return { success: true, deleted, kept };
    });

    // The upload is the file itself as the body, whatever type it declares (the content decides), in a scope of its
    // own: only here may a body reach IMAGE_RULES.maxBytes. Fastify refuses a larger Content-Length before reading
    // any of it, and a chunked body as soon as it passes the limit, so an oversized upload is never held whole.
    await owners.register(async (uploads) => {
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_RULES.maxBytes }, (_request, body, done) => done(null, body));
      uploads.setErrorHandler((error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, CATALOGUE_MESSAGES.imageTooLarge);
        throw error;
      });
      uploads.post('/catalogue/images', { bodyLimit: IMAGE_RULES.maxBytes }, async (request, reply) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new HttpError(400, CATALOGUE_MESSAGES.imageMissing);
        return reply.code(201).send({ success: true, image: await catalogue.uploadImage(request.actor, request.site.id, request.body) });
      });
    });
  };
}
