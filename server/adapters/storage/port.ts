/**
 * Where uploaded files (the vehicle categories' images) are kept: a key such as `uploads/1/<hash>.webp` names one
 * stored object. Local files under DATA_DIR by default (local.ts); an S3-compatible bucket as the real counterpart
 * for several servers (s3.ts). Objects are written once under a name made from their content and never changed.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface StoragePort {
  readonly kind: 'local' | 's3';
  /** Writes the object (replacing one of the same key: same key, same content). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix` (e.g. `uploads/1/`), with when it was written. */
  list(prefix: string): Promise<ListedObject[]>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

/** Keys are made by the server (storageKey.ts); anything else (a `..`, a backslash, a leading slash) is refused. */
const KEY = /^[a-z0-9]+(?:\/[a-z0-9_-]+)*\/[a-z0-9_-]+\.[a-z0-9]+$/;

export const isStorageKey = (key: string) => KEY.test(key) && key.length <= 200;

/** A listing prefix: whole folders of keys (`uploads/1/`). */
const PREFIX = /^(?:[a-z0-9_-]+\/)+$/;

export function assertStoragePrefix(prefix: string): string {
  if (!PREFIX.test(prefix) || prefix.length > 200) throw new Error(`Not a storage prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
  return prefix;
}

export function assertStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}
