import type { Queryable } from '../../adapters/db/index.ts';
import { STAFF_SESSION_IDLE_MINUTES } from '../staff/sessions.ts';

/**
 * Whether a staff session still holds (not revoked, before its absolute end, used within the idle period, its member
 * active) — read without marking it used: an open event stream is not activity.
 */
export async function staffSessionIsLive(db: Queryable, siteId: number, sessionId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM staff_sessions s JOIN staff m ON m.site_id = s.site_id AND m.id = s.staff_id
      WHERE s.site_id = $1 AND s.id = $2 AND m.active AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - $3 * interval '1 minute'`,
    [siteId, sessionId, STAFF_SESSION_IDLE_MINUTES],
  );
  return rows.length > 0;
}
