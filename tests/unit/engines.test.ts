import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The product promises a Node version in package.json's `engines`; every package the lockfile installs must run on it.
const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('engines', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('promises Node 20.19 or later', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('installs no package that needs a newer Node than the one promised', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([name, entry]) => name && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name}@${entry.version} (node ${(entry.engines as { node: string }).node})`);
    expect(tooNew).toEqual([]);
  });
});
