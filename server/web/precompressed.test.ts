import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESSED_DIR, precompressBuild, precompressedBrotli } from './precompressed.ts';
import { compressedFiles } from './staticFiles.ts';

/** A build of two scripts, a stylesheet, a tiny file and a server-only one, in a directory of its own. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'cabflow-precompressed-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.ssr'));
  const script = (name: string) => Array.from({ length: 400 }, (_, index) => `export const ${name}${index} = () => "${name} ${index % 7}";`).join('\n');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), script('entry'));
  writeFileSync(path.join(dist, 'boot.js'), script('boot'));
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), Array.from({ length: 200 }, (_, index) => `.c${index}{color:#${(index * 4099).toString(16).padStart(6, '0').slice(0, 6)}}`).join(''));
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(path.join(dist, '.ssr', 'entry-server.js'), script('server'));
  return dist;
}

const quality5 = (raw: Buffer) => brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });

describe('the build precompressed with brotli 11', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dist of made.splice(0)) rmSync(dist, { recursive: true, force: true });
  });

  it('serves the quality-11 copy of a file built so, smaller than the on-the-fly quality 5 and the same bytes once decoded', async () => {
    const dist = fakeBuild();
    made.push(dist);
    expect(await precompressBuild(dist)).toMatchObject({ files: 3 }); // not robots.txt (under 1 kB), not .ssr/
    const serve = compressedFiles(dist, precompressedBrotli(dist));
    for (const key of ['/assets/index-abc.js', '/boot.js', '/assets/index-abc.css']) {
      const found = serve(key, 'br')!;
      expect(brotliDecompressSync(found.body).equals(found.file.raw), key).toBe(true);
      expect(found.body.length, key).toBeLessThan(quality5(found.file.raw).length);
    }
    // Without the build's copies (a build made before this): compressed on the fly, as before.
    const onTheFly = compressedFiles(dist)('/assets/index-abc.js', 'br')!;
    expect(onTheFly.body.equals(quality5(onTheFly.file.raw))).toBe(true);
    // The copies are not public files themselves.
    expect(serve(`/${PRECOMPRESSED_DIR}/assets/index-abc.js.br`, 'br')).toBeNull();
    expect(serve('/robots.txt', 'br')!.body.equals(quality5(Buffer.from('User-agent: *\n')))).toBe(true);
  });

  it('ignores a copy made from other bytes (the file changed since the build, or a torn manifest): compressed on the fly', async () => {
    const dist = fakeBuild();
    made.push(dist);
    await precompressBuild(dist);
    writeFileSync(path.join(dist, 'boot.js'), 'export const changed = "after the build";'.repeat(40));
    const serve = compressedFiles(dist, precompressedBrotli(dist));
    const changed = serve('/boot.js', 'br')!;
    expect(brotliDecompressSync(changed.body).toString()).toBe('export const changed = "after the build";'.repeat(40));

    writeFileSync(path.join(dist, PRECOMPRESSED_DIR, 'manifest.json'), '{"/assets/index-abc.js": ');
    const torn = compressedFiles(dist, precompressedBrotli(dist))('/assets/index-abc.js', 'br')!;
    expect(torn.body.equals(quality5(torn.file.raw))).toBe(true);
  });
});
