import type { FastifyInstance } from 'fastify';
import type { StoragePort } from '../adapters/storage/index.ts';
import { sendError } from '../http.ts';

const SITE = /^[1-9][0-9]{0,9}$/;
const FILE = /^([0-9a-f]{32})\.webp$/;

/**
 * GET /storage/uploads/:site/:file: the vehicle images the owners uploaded, read from the storage port (local files or
 * the S3 bucket) under the spec's {host}/storage/{vehicle_img} convention (the built-in pictures stay files of the
 * build). A file's name is its content's hash, so it is cached for a year as immutable.
 */
export function storedImageRoutes(deps: { storage: StoragePort }) {
  return async (app: FastifyInstance) => {
    app.get('/storage/uploads/:site/:file', async (request, reply) => {
      const { site, file } = request.params as { site: string; file: string };
      const hash = FILE.exec(file)?.[1];
      if (!SITE.test(site) || !hash) return sendError(reply, 404, 'Not found');
      const etag = `"${hash}"`;
      if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).send();
      const stored = await deps.storage.get(`uploads/${site}/${file}`);
      if (!stored) return sendError(reply, 404, 'Not found');
      return reply
        .type(stored.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('etag', etag)
        .send(stored.body);
    });
  };
}
