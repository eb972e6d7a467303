/**
 * The localStorage codec of spec §3: "encoded" keys hold base64 of JSON (UTF-8 safe, so '£' survives),
 * plain keys hold JSON. Reading never throws: a missing, foreign or corrupt entry reads as null,
 * because the spec's screens treat missing stored data as "not there" (spec §5 Missing stored data).
 */
import { STORAGE_KEYS, type StorageKey } from '../../contract/storageKeys.ts';

/** The subset of the Web Storage API the codec uses; tests pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** localStorage when the page has one (it can be missing or throw in private modes and in Node). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** base64 of the UTF-8 bytes of `text` (btoa alone refuses characters above U+00FF such as '£'). */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Slices of 1 kB: spreading 32 kB into String.fromCharCode took 3–8 ms for the settings list written on each load.
  for (let i = 0; i < bytes.length; i += 1024) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 1024) as unknown as number[]);
  return btoa(binary);
}

/** Inverse of encodeBase64; throws on input that is not base64 of UTF-8. */
export function decodeBase64(base64: string): string {
  const binary = atob(base64);
  // A plain loop: Uint8Array.from with a mapping function took ~7 ms for a price list's 32 kB.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function writeEncoded(key: StorageKey, value: unknown, storage = browserStorage()): void {
  storage?.setItem(key, encodeBase64(JSON.stringify(value)));
}

export function readEncoded<T>(key: StorageKey, storage = browserStorage()): T | null {
  const raw = storage?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(decodeBase64(raw)) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown, storage = browserStorage()): void {
  storage?.setItem(key, JSON.stringify(value));
}

export function readJson<T>(key: StorageKey, storage = browserStorage()): T | null {
  const raw = storage?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function removeKey(key: StorageKey, storage = browserStorage()): void {
  storage?.removeItem(key);
}

/**
 * Spec §4: on arrival at /paymentSuccessView all local storage except appSettings is cleared. RememberedDetails stays
 * too (issue 37): the visitor asked this device to keep it for their next booking, and only they forget it.
 */
export function clearAllExceptSettings(storage = browserStorage()): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && key !== STORAGE_KEYS.appSettings && key !== STORAGE_KEYS.rememberedDetails) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Whether the visitor has saved anything that changes the website's first render (a trip, a booking step, a corporate
 * session): every spec §3 key but the operator's appSettings (and `except`). src/main.tsx hydrates the server's HTML
 * only without (a booking step the server rendered: with its trip only, src/app/booking/preparedStep.ts).
 */
export function hasVisitorState(storage = browserStorage(), except: readonly string[] = []): boolean {
  if (!storage) return false;
  return Object.values(STORAGE_KEYS).some((key) => key !== STORAGE_KEYS.appSettings && !except.includes(key) && storage.getItem(key) !== null);
}
