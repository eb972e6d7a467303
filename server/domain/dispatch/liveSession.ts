import type { Queryable } from '../../adapters/db/index.ts';
import { createStaffRepository } from '../staff/repository.ts';

/**
 * Whether a staff session still holds (not revoked, before its absolute end, used within the idle period, its member
 * active), asked again and again by an open console event stream: read without marking it used.
 */
export const staffSessionIsLive = (db: Queryable, siteId: number, sessionId: number): Promise<boolean> => createStaffRepository(db).sessionIsLive(siteId, sessionId);
