import type { FastifyRequest } from 'fastify';
import { API_KEY_HEADERS } from '../../contract/catalog.ts';
import type { Site, SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

/** The API-PUBLIC-KEY / API-SECRET-KEY pair selects the site; no pair or an unknown pair is a 401. */
export function siteFromKeys(cache: SiteCache) {
  return async (request: FastifyRequest) => {
    const publicKey = header(request, API_KEY_HEADERS.public);
    const secretKey = header(request, API_KEY_HEADERS.secret);
    if (!publicKey || !secretKey) throw new HttpError(401, 'Missing API-PUBLIC-KEY or API-SECRET-KEY header');
    const site = await cache.siteByKeys(publicKey, secretKey);
    if (!site) throw new HttpError(401, 'Invalid API key pair');
    request.site = site;
  };
}
