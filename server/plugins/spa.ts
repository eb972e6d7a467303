import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { SiteCache } from '../domain/sites/index.ts';
import { sendError } from '../http.ts';

/** What the browser build needs at run time; read by src/api/runtimeConfig.ts from <meta name="cabflow-config">. */
export interface RuntimeConfig {
  apiHost: string;
  publicKey: string;
  secretKey: string;
  embedOrigins: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const meta = `<meta name="cabflow-config" content="${escapeAttribute(JSON.stringify(config))}">`;
  return html.replace('</head>', `${meta}\n</head>`);
}

/** Text files worth compressing, with the content type they are served with. */
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
};

/**
 * Cache lifetimes: Vite's content-hashed files under /assets/ never change (a year, immutable); the vehicle and
 * card images a day; anything else (embed.js, favicon, robots.txt) is revalidated on every use.
 */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/storage/') || pathname.startsWith('/cards/')) return 'public, max-age=86400';
  return 'public, max-age=0, must-revalidate';
}

interface CompressedFile {
  type: string;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Picks brotli or gzip from an Accept-Encoding header (q=0 refuses an encoding), or null for none. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compressed copies of the built text files, made on first request and kept in memory (the whole build is
 * about 1 MB; brotli at quality 5 takes tens of milliseconds for all of it), so the server needs no build step
 * of its own and never writes into dist/.
 */
function compressedFiles(distDir: string) {
  const root = path.resolve(distDir);
  const files = new Map<string, CompressedFile | null>();
  return (pathname: string, encoding: 'br' | 'gzip'): { file: CompressedFile; body: Buffer } | null => {
    let file = files.get(pathname);
    if (file === undefined) {
      file = null;
      const type = COMPRESSIBLE[path.extname(pathname).toLowerCase()];
      let decoded = pathname;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        decoded = '';
      }
      const full = path.resolve(root, `.${decoded}`);
      if (type && decoded && full.startsWith(root + path.sep) && existsSync(full) && statSync(full).isFile()) {
        const raw = readFileSync(full);
        file = { type, raw, etag: `"${createHash('sha1').update(raw).digest('base64url')}` };
      }
      // Only remember files that exist (bounded by the build), not every path a client tries.
      if (file) files.set(pathname, file);
    }
    if (!file) return null;
    if (encoding === 'br')
      file.br ??= brotliCompressSync(file.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.raw.length } });
    else file.gzip ??= gzipSync(file.raw, { level: 9 });
    return { file, body: encoding === 'br' ? file.br! : file.gzip! };
  };
}

/**
 * Serves the built SPA from dist/ (assets, /storage images, /embed.js) and, for any other GET that is
 * not an API path, index.html carrying the key pair of the site the Host belongs to (history fallback).
 */
export async function registerSpa(app: FastifyInstance, options: { distDir: string; cache: SiteCache; embedOrigins: string[] }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : null;
  if (built) {
    const compressed = compressedFiles(options.distDir);
    // Text files go out brotli- or gzip-compressed when the client accepts it (Lighthouse: "enable text compression").
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const pathname = request.url.split('?')[0];
      if (pathname.startsWith('/api/') || !COMPRESSIBLE[path.extname(pathname).toLowerCase()]) return;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return;
      const found = compressed(pathname, encoding);
      if (!found) return;
      const etag = `${found.file.etag}-${encoding}"`;
      reply.header('cache-control', cacheControlFor(pathname)).header('vary', 'Accept-Encoding').header('etag', etag);
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
    if (!template) return sendError(reply, 503, 'The website is not built yet: run `npm run build`');
    const site = await options.cache.siteForHost(request.headers.host);
    const html = injectRuntimeConfig(template, {
      apiHost: '',
      publicKey: site?.publicKey ?? '',
      secretKey: site?.secretKey ?? '',
      embedOrigins: options.embedOrigins,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
