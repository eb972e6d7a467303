import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { assertStorageKey, assertStoragePrefix, isStorageKey, type ListedObject, type StoragePort } from './port.ts';
import { contentTypeOfKey } from './local.ts';

export interface S3Settings {
  /** The service's address, e.g. https://s3.eu-west-2.amazonaws.com or a MinIO server's; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key (a folder of a shared bucket), '' for none. */
  prefix: string;
}

const TIMEOUT_MS = 10_000;

export interface S3SigningInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (all of them are signed). */
  headers?: Record<string, string>;
  /** The body's SHA-256 in hex, sent as x-amz-content-sha256. */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The signing time; its ISO basic form is x-amz-date. */
  at: Date;
  /** aws4fetch's cache of derived signing keys (one per secret, day and region). */
  cache?: Map<string, ArrayBuffer>;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The headers to send for one S3 request, Authorization included (host is the URL's, sent by fetch itself): AWS
 * Signature Version 4 in the header form by aws4fetch's AwsV4Signer, service `s3`, with the body's SHA-256 and every
 * header given signed (`allHeaders`, as the AWS SDK signs content-type and content-length too).
 */
export async function signS3Request(input: S3SigningInput): Promise<Headers> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.accessKeyId,
    secretAccessKey: input.secretAccessKey,
    region: input.region,
    service: 's3',
    datetime: input.at.toISOString().replace(/[:-]|\.\d{3}/g, ''),
    allHeaders: true,
    cache: input.cache,
  });
  return (await signer.sign()).headers;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces): path-style
 * `{endpoint}/{bucket}/{prefix}{key}`, each request signed with Signature Version 4 (aws4fetch) and the body's SHA-256. The
 * server reads the objects back and serves them itself (/storage/uploads/…), so the bucket needs no public access.
 */
export function createS3Storage(settings: S3Settings, options: { fetch?: typeof fetch; now?: () => Date } = {}): StoragePort {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = settings.endpoint.replace(/\/+$/, '');
  const call = (method: 'PUT' | 'GET' | 'HEAD' | 'DELETE', key: string, body?: Buffer, headers: Record<string, string> = {}) =>
    signedFetch(method, new URL(`${base}/${settings.bucket}/${settings.prefix}${assertStorageKey(key)}`), body, headers);
  const cache = new Map<string, ArrayBuffer>();
  const signedFetch = async (method: string, url: URL, body?: Buffer, headers: Record<string, string> = {}) => {
    const signed = await signS3Request({ method, url, headers, payloadHash: sha256Hex(body ?? ''), accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, at: now(), cache });
    return send(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
  };
  const refused = async (response: Response, what: string) => new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await call('PUT', key, body, { 'content-type': contentType, 'content-length': String(body.length) });
      if (!response.ok) throw await refused(response, 'PUT');
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) return (await response.arrayBuffer(), null);
      if (!response.ok) throw await refused(response, 'GET');
      return { body: Buffer.from(await response.arrayBuffer()), contentType: contentTypeOfKey(key) };
    },
    async exists(key) {
      const response = await call('HEAD', key);
      await response.arrayBuffer();
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`S3 HEAD answered ${response.status}`);
      return true;
    },
    async list(prefix) {
      const listed: ListedObject[] = [];
      let token: string | null = null;
      do {
        // ListObjectsV2, a page of up to 1 000 keys at a time.
        const url = new URL(`${base}/${settings.bucket}`);
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', settings.prefix + assertStoragePrefix(prefix));
        if (token) url.searchParams.set('continuation-token', token);
        const response = await signedFetch('GET', url);
        if (!response.ok) throw await refused(response, 'LIST');
        const page = parseListing(await response.text());
        for (const object of page.objects) {
          const key = object.key.slice(settings.prefix.length);
          if (object.key.startsWith(settings.prefix) && isStorageKey(key)) listed.push({ key, modifiedAt: object.modifiedAt });
        }
        token = page.nextToken;
      } while (token);
      return listed;
    },
    async delete(key) {
      const response = await call('DELETE', key);
      if (!response.ok && response.status !== 404) throw await refused(response, 'DELETE');
      await response.arrayBuffer();
    },
  };
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const xmlText = (text: string) => text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]);

/** The keys, times and next page of a ListObjectsV2 answer (only the elements read; S3's XML has no nesting here). */
export function parseListing(xml: string): { objects: { key: string; modifiedAt: Date }[]; nextToken: string | null } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, contents]) => ({
    key: xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(contents)?.[1] ?? ''),
    modifiedAt: new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(contents)?.[1] ?? NaN),
  }));
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { objects, nextToken: truncated && next ? xmlText(next) : null };
}
