import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, assertStoragePrefix, isStorageKey, type ListedObject, type StoragePort } from './port.ts';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

export const contentTypeOfKey = (key: string) => CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `root` (DATA_DIR/storage). A write goes to a temporary name and is renamed into place, so a reader
 * never sees half a file and two processes writing the same key leave one whole copy.
 */
export function createLocalStorage(root: string): StoragePort {
  const fileOf = (key: string) => path.join(root, ...assertStorageKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async list(prefix) {
      const folder = path.join(root, ...assertStoragePrefix(prefix).split('/'));
      let names: string[];
      try {
        names = (await readdir(folder, { recursive: true })) as string[];
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
      const listed: ListedObject[] = [];
      for (const name of names) {
        const key = prefix + name.split(path.sep).join('/');
        // Temporary files of a write under way (or of a crash) are not objects.
        if (!isStorageKey(key)) continue;
        const stats = await stat(path.join(folder, name)).catch((error: unknown) => (missing(error) ? null : Promise.reject(error)));
        if (stats?.isFile()) listed.push({ key, modifiedAt: stats.mtime });
      }
      return listed.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },
  };
}
