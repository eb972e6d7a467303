import { assertStorageKey, type StoragePort } from './port.ts';
import { contentTypeOfKey } from './local.ts';
import { sha256Hex, signRequest } from './sigv4.ts';

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

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces): path-style
 * `{endpoint}/{bucket}/{prefix}{key}`, each request signed with Signature Version 4 and the body's SHA-256. The
 * server reads the objects back and serves them itself (/storage/uploads/…), so the bucket needs no public access.
 */
export function createS3Storage(settings: S3Settings, options: { fetch?: typeof fetch; now?: () => Date } = {}): StoragePort {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = settings.endpoint.replace(/\/+$/, '');
  const call = (method: 'PUT' | 'GET' | 'HEAD', key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const url = new URL(`${base}/${settings.bucket}/${settings.prefix}${assertStorageKey(key)}`);
    const signed = signRequest({ method, url, headers, payloadHash: sha256Hex(body ?? ''), accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, at: now() });
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
  };
}
