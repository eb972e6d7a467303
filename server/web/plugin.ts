/**
 * The website, wired into Fastify: the built SPA from dist/ (compressed text files, then @fastify/static for the rest:
 * assets, /storage images, /embed.js) and, for any other GET that is not an API path, the page (./page.ts: index.html
 * carrying the key pair of the site the Host belongs to, the history fallback).
 *
 * The start-up seam on the server: server/web/ renders and serves the page (routeAssets: the preload table; html: the
 * page's assembly; renderer: the server renderer and its cache; tripPage: a booking step from the trip cookie;
 * deferScripts and earlyInput: what a server-rendered page changes; staticFiles: the build's files (precompressed: their
 * brotli-11 copies made by the build); driverWorker: the driver app's service worker); src/boot/ is the browser side.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sendError } from '../http.ts';
import { pageServer, type PageOptions } from './page.ts';
import { registerDriverWorker } from './driverWorker.ts';
import { loadRenderer } from './renderer.ts';
import { precompressedBrotli } from './precompressed.ts';
import { intentTable, preloadTable, readManifest } from './routeAssets.ts';
import { cacheControlFor, COMPRESSIBLE, compressedFiles, pickEncoding } from './staticFiles.ts';

export async function registerSpa(app: FastifyInstance, options: PageOptions & { distDir: string; ssrTimeoutMs: number }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const manifest = template ? readManifest(options.distDir) : null;
  const servePage = template
    ? pageServer(options, { template, renderer: await loadRenderer(options.distDir, options.ssrTimeoutMs), preloadLinks: preloadTable(manifest), intentAssets: intentTable(manifest) })
    : null;
  if (template) {
    // The driver app's service worker, with this build's app shell (issue 32).
    registerDriverWorker(app, { template, manifest });
    const compressed = compressedFiles(options.distDir, precompressedBrotli(options.distDir));
    // Text files of the public build go out brotli- or gzip-compressed when the client accepts it (Lighthouse: "enable
    // text compression"); any other path falls through to @fastify/static and the page handler.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const pathname = request.url.split('?')[0];
      if (pathname.startsWith('/api/')) return;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return;
      const found = compressed(pathname, encoding);
      if (!found) return;
      const etag = `${found.file.etag}-${encoding}"`;
      reply.header('cache-control', cacheControlFor(found.path)).header('vary', 'Accept-Encoding').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(found.file.type).header('content-encoding', encoding).header('content-length', found.body.length).send(request.method === 'HEAD' ? undefined : found.body);
    });
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath: string) {
        const relative = `/${path.relative(options.distDir, filePath).split(path.sep).join('/')}`;
        reply.header('cache-control', cacheControlFor(relative));
        if (COMPRESSIBLE[path.extname(filePath).toLowerCase()]) reply.header('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api') return sendError(reply, 404, `No such call: ${request.method} ${pathname}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'Not found');
    if (path.extname(pathname) && !pathname.endsWith('.html')) return sendError(reply, 404, 'Not found');
    if (!servePage) return sendError(reply, 503, 'The website is not built yet: run `npm run build`');
    return servePage(request, reply, pathname);
  });
}
