import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import { readEncoded } from '../../storage/codec.ts';

/** The corporate session's bearer token kept under corporateToken (spec §3, encoded), or null when signed out. */
export function storedCorporateToken(): string | null {
  const token = readEncoded<unknown>(STORAGE_KEYS.corporateToken);
  return typeof token === 'string' && token !== '' ? token : null;
}
