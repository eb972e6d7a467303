import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * Serves the built SPA from dist/ (assets, /storage images, /embed.js) and, for any other GET that is
 * not an API path, index.html carrying the key pair of the site the Host belongs to (history fallback).
 */
export async function registerSpa(app: FastifyInstance, options: { distDir: string; cache: SiteCache; embedOrigins: string[] }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      setHeaders(res, filePath: string) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
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
