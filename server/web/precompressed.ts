/**
 * The build's text files compressed once, at build time, with brotli at its best quality (11), beside the build in
 * dist/.precompressed/ (a dot-directory: never served as such). The server compresses on the fly at quality 5, which
 * takes milliseconds; quality 11 takes seconds for the whole build but makes the home page's scripts about 10 % smaller
 * on the wire (issue 37: 131.6 → 119.1 kB for the entry, boot.js and the runtime), so it is done once by
 * `npm run build` (scripts/build.mjs runs `precompressBuild`), not per server start.
 *
 * The manifest names each file's SHA-1 as it was compressed: the server uses a precompressed copy only for the very
 * bytes it serves (a build changed since, or a file copied in by hand, is compressed on the fly as before).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { COMPRESSIBLE, contentDigest, publicFiles } from './staticFiles.ts';

export const PRECOMPRESSED_DIR = '.precompressed';
const MANIFEST = 'manifest.json';
/** Smaller files gain a few bytes at most: compressed on the fly. */
const MIN_BYTES = 1024;

const compress = promisify(brotliCompress);

/** Compresses every public text file of the build at quality 11 into dist/.precompressed/, a few at a time. */
export async function precompressBuild(distDir: string): Promise<{ files: number; rawBytes: number; brBytes: number }> {
  const target = path.join(distDir, PRECOMPRESSED_DIR);
  const todo = [...publicFiles(distDir)].filter(([key, full]) => COMPRESSIBLE[path.posix.extname(key).toLowerCase()] && statSync(full).size >= MIN_BYTES);
  const manifest: Record<string, string> = {};
  let rawBytes = 0;
  let brBytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const [key, full] = todo[next++]!;
      const raw = readFileSync(full);
      const br = await compress(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
      const out = path.join(target, `${key}.br`);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, br);
      manifest[key] = contentDigest(raw);
      rawBytes += raw.length;
      brBytes += br.length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return { files: todo.length, rawBytes, brBytes };
}

/**
 * The build's precompressed copies: `(key, digest)` gives the brotli bytes of the public file `key` when they were
 * made from content with that digest, else null. No manifest (a build made before, or none): always null.
 */
export function precompressedBrotli(distDir: string): (key: string, digest: string) => Buffer | null {
  const root = path.join(distDir, PRECOMPRESSED_DIR);
  const manifestFile = path.join(root, MANIFEST);
  let manifest: Record<string, string> = {};
  try {
    if (existsSync(manifestFile)) manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, string>;
  } catch {
    manifest = {}; // a torn or hand-edited manifest: compress on the fly
  }
  return (key, digest) => {
    if (!Object.hasOwn(manifest, key) || manifest[key] !== digest) return null;
    try {
      return readFileSync(path.join(root, `${key}.br`));
    } catch {
      return null;
    }
  };
}

// `node --import tsx server/web/precompressed.ts [distDir]` (scripts/build.mjs, after the two vite builds).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const started = Date.now();
  const { files, rawBytes, brBytes } = await precompressBuild(distDir);
  console.log(`precompressed ${files} files with brotli 11: ${(rawBytes / 1e6).toFixed(1)} → ${(brBytes / 1e6).toFixed(2)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
