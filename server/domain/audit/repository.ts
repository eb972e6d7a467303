import type { Queryable } from '../../adapters/db/index.ts';

/** One audit_log row as written: JSON texts for before and after (null when absent). */
export interface AuditRowInput {
  siteId: number;
  actorKind: 'staff' | 'admin-token' | 'driver';
  actorStaffId: number | null;
  actorDriverId: number | null;
  action: string;
  entityType: string;
  entityId: string;
  before: string | null;
  after: string | null;
}

/** The statements of the audit log (audit.ts), in the caller's transaction where it has one. */
export function createAuditRepository(db: Queryable) {
  return {
    async insert(row: AuditRowInput): Promise<void> {
      await db.query(
        `INSERT INTO audit_log (site_id, actor_kind, actor_staff_id, actor_driver_id, action, entity_type, entity_id, before, after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [row.siteId, row.actorKind, row.actorStaffId, row.actorDriverId, row.action, row.entityType, row.entityId, row.before, row.after],
      );
    },

    /** The site's rows with the acting member's (or driver's) name, newest first, optionally of one entity, before an id (keyset). */
    async list(siteId: number, filter: { entity?: string; id?: string; before?: number; limit: number }): Promise<Record<string, unknown>[]> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT a.id, a.at, a.actor_kind, a.actor_staff_id, a.actor_driver_id, COALESCE(s.name, d.name) AS actor_name, a.action, a.entity_type, a.entity_id, a.before, a.after
           FROM audit_log a LEFT JOIN staff s ON s.site_id = a.site_id AND s.id = a.actor_staff_id
           LEFT JOIN drivers d ON d.site_id = a.site_id AND d.id = a.actor_driver_id
          WHERE a.site_id = $1 AND ($2::text IS NULL OR a.entity_type = $2) AND ($3::text IS NULL OR a.entity_id = $3) AND ($4::bigint IS NULL OR a.id < $4)
          ORDER BY a.id DESC LIMIT $5`,
        [siteId, filter.entity ?? null, filter.id ?? null, filter.before ?? null, filter.limit],
      );
      return rows;
    },
  };
}
