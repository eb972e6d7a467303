import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageConfig } from './config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage, sha256Hex, signS3Request, type S3Settings } from './s3.ts';

const KEY = 'uploads/1/0123456789abcdef0123456789abcdef.webp';

describe('local storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cabflow-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = createLocalStorage(root);

  it('writes, reads back and tells what exists; leaves no temporary file', async () => {
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.exists(KEY)).toBe(false);
    await Promise.all([storage.put(KEY, Buffer.from('one'), 'image/webp'), storage.put(KEY, Buffer.from('one'), 'image/webp')]);
    expect(await storage.get(KEY)).toEqual({ body: Buffer.from('one'), contentType: 'image/webp' });
    expect(await storage.exists(KEY)).toBe(true);
    expect(readdirSync(path.join(root, 'uploads', '1'))).toEqual(['0123456789abcdef0123456789abcdef.webp']);
  });

  it('lists the objects under a folder with their times (not temporary files, not other folders) and deletes one', async () => {
    const other = 'uploads/2/ffffffffffffffffffffffffffffffff.webp';
    const nested = 'uploads/1/cards/00000000000000000000000000000000.webp';
    await Promise.all([storage.put(other, Buffer.from('two'), 'image/webp'), storage.put(nested, Buffer.from('card'), 'image/webp')]);
    writeFileSync(path.join(root, 'uploads', '1', `${KEY.split('/')[2]}.a1b2c3.tmp`), 'half');
    const then = new Date('2026-01-02T03:04:05Z');
    utimesSync(path.join(root, 'uploads', '1', KEY.split('/')[2]), then, then);
    expect(await storage.list('uploads/1/')).toEqual([
      { key: KEY, modifiedAt: then },
      { key: nested, modifiedAt: expect.any(Date) },
    ]);
    expect(await storage.list('uploads/9/')).toEqual([]);
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    expect((await storage.list('uploads/1/')).map((object) => object.key)).toEqual([nested]);
    await expect(storage.list('../')).rejects.toThrow('Not a storage prefix');
    await expect(storage.list('uploads/1')).rejects.toThrow('Not a storage prefix');
    await expect(storage.delete('../x.webp')).rejects.toThrow('Not a storage key');
    await storage.put(KEY, Buffer.from('one'), 'image/webp');
  });

  it('refuses keys that leave its folder or are not keys', async () => {
    for (const key of ['../secret.webp', 'uploads/../../x.webp', '/etc/passwd', 'uploads\\1\\x.webp', 'uploads/1/x', 'uploads/1/a\0.webp', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow('Not a storage key');
      await expect(storage.get(key), key).rejects.toThrow('Not a storage key');
    }
  });
});

describe('Signature Version 4 (aws4fetch, as the S3 adapter configures it)', () => {
  // AWS's published examples ("Signature Calculations for the Authorization Header", GET Object and PUT Object).
  const example = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', at: new Date('2013-05-24T00:00:00Z') };
  it('gives the signatures of AWS documentation examples', async () => {
    const get = await signS3Request({ ...example, method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { range: 'bytes=0-9' }, payloadHash: sha256Hex('') });
    expect(get.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(get.get('x-amz-date')).toBe('20130524T000000Z');
    expect(get.get('x-amz-content-sha256')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const put = await signS3Request({
      ...example,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex('Welcome to Amazon S3.'),
    });
    expect(put.get('authorization')).toMatch(/Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/);
  });
});

/**
 * A fake S3 server: keeps objects in memory and refuses (403) a request whose signature or body hash is not right. It
 * recomputes each signature from the request as received (method, path, query, the headers it names as signed) with
 * aws4fetch's AwsV4Signer called directly, not through the adapter's signS3Request.
 */
function fakeS3(settings: Pick<S3Settings, 'accessKeyId' | 'secretAccessKey' | 'region' | 'bucket'>) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; path: string; refused: string | null }[] = [];
  const check = async (request: IncomingMessage, body: Buffer, port: number): Promise<string | null> => {
    const authorization = String(request.headers.authorization ?? '');
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return 'no signature';
    const [, accessKey, day, region, signedNames, signature] = match;
    if (accessKey !== settings.accessKeyId || region !== settings.region) return 'wrong credential';
    const stamp = String(request.headers['x-amz-date']);
    if (!stamp.startsWith(day)) return 'date mismatch';
    const hash = String(request.headers['x-amz-content-sha256']);
    if (hash !== createHash('sha256').update(body).digest('hex')) return 'body hash mismatch';
    const names = signedNames.split(';');
    for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) if (!names.includes(required)) return `${required} not signed`;
    const headers = Object.fromEntries(names.filter((name) => name !== 'host').map((name) => [name, String(request.headers[name])]));
    const signer = new AwsV4Signer({
      method: request.method!,
      url: new URL(request.url!, `http://127.0.0.1:${port}`).toString(),
      headers,
      accessKeyId: accessKey,
      secretAccessKey: settings.secretAccessKey,
      region,
      service: 's3',
      datetime: stamp,
      allHeaders: true,
    });
    if (signer.signedHeaders !== signedNames) return 'signed headers not as sent';
    return (await signer.signature()) === signature ? null : 'signature mismatch';
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const refused = await check(request, body, (server.address() as AddressInfo).port);
      const url = new URL(request.url!, 'http://fake');
      seen.push({ method: request.method!, path: url.pathname, refused });
      if (refused) return response.writeHead(403).end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${refused}</Message></Error>`);
      if (request.method === 'GET' && url.pathname === `/${settings.bucket}` && url.searchParams.get('list-type') === '2') {
        // ListObjectsV2, two keys a page so that paging is exercised; keys escaped as S3 escapes them.
        const keys = [...objects.keys()].filter((key) => key.startsWith(url.searchParams.get('prefix') ?? '')).sort();
        const start = Number(url.searchParams.get('continuation-token')?.replace('page&', '') ?? 0);
        const page = keys.slice(start, start + 2);
        const more = start + 2 < keys.length;
        const contents = page.map((key) => `<Contents><Key>${key.replace(/&/g, '&amp;')}</Key><LastModified>2026-03-04T05:06:07.000Z</LastModified><Size>1</Size></Contents>`).join('');
        return response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${more}</IsTruncated>${contents}${more ? `<NextContinuationToken>page&amp;${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`);
      }
      const prefix = `/${settings.bucket}/`;
      if (!url.pathname.startsWith(prefix)) return response.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      const key = url.pathname.slice(prefix.length);
      if (request.method === 'PUT') {
        objects.set(key, { body, type: String(request.headers['content-type']) });
        return response.writeHead(200).end();
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return response.writeHead(204).end();
      }
      const object = objects.get(key);
      if (!object) return response.writeHead(404).end(request.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      response.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
      response.end(request.method === 'HEAD' ? undefined : object.body);
    });
  });
  return { server, objects, seen };
}

describe('S3-compatible storage against a fake S3 server that checks each signature', () => {
  const settings = { accessKeyId: 'AKIDCABFLOWTEST', secretAccessKey: 'secret/for+the+fake', region: 'eu-west-2', bucket: 'cabflow-images' };
  const fake = fakeS3(settings);
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('puts, heads and gets an object under the prefix, each request signed (the fake refuses none)', async () => {
    const storage = createS3Storage({ ...settings, endpoint, prefix: 'site-images/' });
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    await storage.put(KEY, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(fake.objects.get(`site-images/${KEY}`)).toEqual({ body: Buffer.from('RIFF....WEBP'), type: 'image/webp' });
    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.get(KEY)).toEqual({ body: Buffer.from('RIFF....WEBP'), contentType: 'image/webp' });
    expect(fake.seen).toEqual(['HEAD', 'GET', 'PUT', 'HEAD', 'GET'].map((method) => ({ method, path: `/cabflow-images/site-images/${KEY}`, refused: null })));
  });

  it('lists a folder page by page (only its own prefix, signed) and deletes an object', async () => {
    const storage = createS3Storage({ ...settings, endpoint, prefix: 'listing/' });
    const keys = [0, 1, 2, 3, 4].map((n) => `uploads/7/${String(n).repeat(32)}.webp`);
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.put('uploads/8/99999999999999999999999999999999.webp', Buffer.from('x'), 'image/webp');
    fake.seen.length = 0;
    expect(await storage.list('uploads/7/')).toEqual(keys.map((key) => ({ key, modifiedAt: new Date('2026-03-04T05:06:07.000Z') })));
    expect(fake.seen.map(({ method, refused }) => [method, refused])).toEqual([['GET', null], ['GET', null], ['GET', null]]);
    await storage.delete(keys[0]);
    await storage.delete(keys[0]);
    expect(fake.objects.has(`listing/${keys[0]}`)).toBe(false);
    expect((await storage.list('uploads/7/')).map((object) => object.key)).toEqual(keys.slice(1));
  });

  it('a wrong secret is refused by the server and reported as an error, never as a missing object', async () => {
    const storage = createS3Storage({ ...settings, secretAccessKey: 'not-the-secret', endpoint, prefix: '' });
    await expect(storage.put(KEY, Buffer.from('x'), 'image/webp')).rejects.toThrow('S3 PUT answered 403: <Error><Code>SignatureDoesNotMatch</Code><Message>signature mismatch</Message></Error>');
    await expect(storage.get(KEY)).rejects.toThrow('S3 GET answered 403');
    await expect(storage.exists(KEY)).rejects.toThrow('S3 HEAD answered 403');
  });
});

describe('STORAGE settings', () => {
  it('local by default; s3 needs its settings; anything else is refused', () => {
    expect(storageConfig({})).toEqual({ kind: 'local' });
    expect(
      storageConfig({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: '/cabflow/' }),
    ).toEqual({ kind: 's3', endpoint: 'https://s3.eu-west-2.amazonaws.com', bucket: 'b', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 's', prefix: 'cabflow/' });
    expect(() => storageConfig({ STORAGE: 's3', S3_ENDPOINT: 'https://x' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => storageConfig({ STORAGE: 's3', S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'b' })).toThrow('S3_ENDPOINT must be an http(s) address');
    expect(() => storageConfig({ STORAGE: 'gcs' })).toThrow('STORAGE must be "local" or "s3", got "gcs"');
  });
});
