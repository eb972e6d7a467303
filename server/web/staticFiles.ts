/**
 * The build's public files served compressed from memory, with their cache lifetimes (the rest, and anything not
 * compressible, goes to @fastify/static).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** Text files worth compressing, with the content type they are served with. */
export const COMPRESSIBLE: Record<string, string> = {
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
  digest: string;
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
 * The public build output: every file under the build directory, less dot-directories and dotfiles (the server
 * renderer in .ssr/, Vite's manifest in .vite/), keyed by its URL path. Listed once at start, as @fastify/static
 * lists the files it serves (wildcard: false).
 */
export function publicFiles(distDir: string): Map<string, string> {
  const root = path.resolve(distDir);
  const files = new Map<string, string>();
  const walk = (directory: string, prefix: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full, `${prefix}/${entry.name}`);
      else if (entry.isFile()) files.set(`${prefix}/${entry.name}`, full);
    }
  };
  walk(root, '');
  return files;
}

/**
 * The URL path of a request as a file path: percent-decoded once (as @fastify/static does) and with `.` and `..`
 * segments resolved; null when it does not decode or holds a backslash or a NUL (never part of a public file's path).
 */
export function decodedPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/[\\\0]/.test(decoded)) return null;
  return path.posix.normalize(decoded);
}

/** A file's content digest: its ETag, and what a precompressed copy names (./precompressed.ts). */
export const contentDigest = (raw: Buffer) => createHash('sha1').update(raw).digest('base64url');

/**
 * Compressed copies of the public build's text files, made on first request and kept in memory (the whole build is
 * about 4 MB; brotli at quality 5 takes about 0.1 s for all of it), and never written into dist/. A brotli copy the
 * build made at quality 11 (`precompressed`, ./precompressed.ts) is used instead when it was made from these very
 * bytes. Only a path that decodes to a public file is looked at.
 */
export function compressedFiles(distDir: string, precompressed: (key: string, digest: string) => Buffer | null = () => null) {
  const available = publicFiles(distDir);
  const files = new Map<string, CompressedFile>();
  return (pathname: string, encoding: 'br' | 'gzip'): { path: string; file: CompressedFile; body: Buffer } | null => {
    const key = decodedPath(pathname);
    const full = key === null ? undefined : available.get(key);
    if (key === null || !full) return null;
    const type = COMPRESSIBLE[path.posix.extname(key).toLowerCase()];
    if (!type) return null;
    let file = files.get(key);
    if (!file) {
      const raw = readFileSync(full);
      const digest = contentDigest(raw);
      file = { type, raw, digest, etag: `"${digest}` };
      files.set(key, file);
    }
    if (encoding === 'br')
      file.br ??= precompressed(key, file.digest) ?? brotliCompressSync(file.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.raw.length } });
    else file.gzip ??= gzipSync(file.raw, { level: 9 });
    return { path: key, file, body: encoding === 'br' ? file.br! : file.gzip! };
  };
}
