import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CATALOGUE_MESSAGES,
  catalogueCategoryResponseSchema,
  catalogueCompanyResponseSchema,
  catalogueIdParamsSchema,
  catalogueListResponseSchema,
  categoryCreateSchema,
  categoryPatchSchema,
  companyCreateSchema,
  companyPatchSchema,
  IMAGE_RULES,
  uploadedImageResponseSchema,
  uploadSweepResponseSchema,
} from '../../contract/consoleCatalogue.ts';
import type { Db } from '../adapters/db/index.ts';
import type { StoragePort } from '../adapters/storage/index.ts';
import { createCatalogueService } from '../domain/catalogue/service.ts';
import { sweepUnusedUploads } from '../domain/catalogue/uploadSweep.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError, sendError } from '../http.ts';
import { answers, createdAnswers } from './schemas.ts';

/** Until server/app.ts hands the console API its storage port: uploads and uploaded pictures answer 503. */
const unwiredStorage: StoragePort = {
  kind: 'local',
  put: () => Promise.reject(new HttpError(503, 'Image storage is not configured on this server')),
  get: () => Promise.resolve(null),
  exists: () => Promise.reject(new HttpError(503, 'Image storage is not configured on this server')),
  list: () => Promise.resolve([]),
  delete: () => Promise.reject(new HttpError(503, 'Image storage is not configured on this server')),
};

/**
 * The owner's calls for companies, vehicle categories and their images (contract/consoleCatalogue.ts), registered inside
 * the console API's owner-only scope (so: signed in, CSRF-checked, the member's own site, owners only).
 */
export function consoleCatalogueRoutes(deps: { db: Db; cache: SiteCache; storage?: StoragePort; now: () => Date }) {
  const storage = deps.storage ?? unwiredStorage;
  const catalogue = createCatalogueService({ ...deps, storage });
  return async (ownerScope: FastifyInstance) => {
    const owners = ownerScope.withTypeProvider<ZodTypeProvider>();
    owners.get('/catalogue', { schema: { response: answers(catalogueListResponseSchema) } }, async (request) => ({ success: true as const, ...(await catalogue.list(request.site.id)) }));

    owners.post('/catalogue/companies', { schema: { body: companyCreateSchema, response: createdAnswers(catalogueCompanyResponseSchema) } }, async (request, reply) => {
      return reply.code(201).send({ success: true as const, company: await catalogue.createCompany(request.actor, request.site.id, request.body) });
    });
    owners.patch('/catalogue/companies/:id', { schema: { params: catalogueIdParamsSchema, body: companyPatchSchema, response: answers(catalogueCompanyResponseSchema) } }, async (request) => {
      return { success: true as const, company: await catalogue.updateCompany(request.actor, request.site.id, request.params.id, request.body) };
    });

    owners.post('/catalogue/categories', { schema: { body: categoryCreateSchema, response: createdAnswers(catalogueCategoryResponseSchema) } }, async (request, reply) => {
      return reply.code(201).send({ success: true as const, category: await catalogue.createCategory(request.actor, request.site.id, request.body) });
    });
    owners.patch('/catalogue/categories/:id', { schema: { params: catalogueIdParamsSchema, body: categoryPatchSchema, response: answers(catalogueCategoryResponseSchema) } }, async (request) => {
      return { success: true as const, category: await catalogue.updateCategory(request.actor, request.site.id, request.params.id, request.body) };
    });

    // The daily sweep (server/domain/housekeeping.ts) for the member's site, now: `npm run operator -- uploads sweep`.
    owners.post('/catalogue/uploads/sweep', { schema: { response: answers(uploadSweepResponseSchema) } }, async (request) => {
      const { deleted, kept } = await sweepUnusedUploads(deps.db, storage, request.site.id, deps.now());
      return { success: true as const, deleted, kept };
    });

    // The upload is the file itself as the body, whatever type it declares (the content decides), in a scope of its
    // own: only here may a body reach IMAGE_RULES.maxBytes. Fastify refuses a larger Content-Length before reading
    // any of it, and a chunked body as soon as it passes the limit, so an oversized upload is never held whole.
    await ownerScope.register(async (uploadScope) => {
      const uploads = uploadScope.withTypeProvider<ZodTypeProvider>();
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_RULES.maxBytes }, (_request, body, done) => done(null, body));
      uploads.setErrorHandler((error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, CATALOGUE_MESSAGES.imageTooLarge);
        throw error;
      });
      uploads.post('/catalogue/images', { bodyLimit: IMAGE_RULES.maxBytes, schema: { response: createdAnswers(uploadedImageResponseSchema) } }, async (request, reply) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new HttpError(400, CATALOGUE_MESSAGES.imageMissing);
        return reply.code(201).send({ success: true as const, image: await catalogue.uploadImage(request.actor, request.site.id, request.body) });
      });
    });
  };
}
