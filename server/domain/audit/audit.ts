import type { AuditEntry, StaffRole } from '../../../contract/staff.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { createAuditRepository } from './repository.ts';

/** Who is calling the console API: a signed-in staff member, or the ADMIN_TOKEN (automation, the CLI) acting as owner. */
export type Actor =
  | { kind: 'staff'; staffId: number; sessionId: number | null; role: StaffRole; name: string; email: string }
  | { kind: 'admin-token'; role: 'owner' }
  /** A driver signed in to the driver's app (issue 32): their steps and answers to offers. Never reaches /api/admin. */
  | { kind: 'driver'; role: 'driver'; driverId: number; sessionId: number | null; name: string };

export interface AuditChange {
  siteId: number;
  /** What was done, as '<entity>.<verb>': 'settings.update', 'staff.create', 'booking.revoke_manage_links' … */
  action: string;
  entityType: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

/**
 * Writes one row of the audit log. Call it with the transaction that makes the change, so the row and the change
 * commit together or not at all. Values are written as given: leave secrets (hashes, keys, tokens) out of them.
 */
export async function recordAudit(tx: Queryable, actor: Actor, change: AuditChange): Promise<void> {
  await createAuditRepository(tx).insert({
    siteId: change.siteId,
    actorKind: actor.kind,
    actorStaffId: actor.kind === 'staff' ? actor.staffId : null,
    actorDriverId: actor.kind === 'driver' ? actor.driverId : null,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    before: change.before === undefined ? null : JSON.stringify(change.before),
    after: change.after === undefined ? null : JSON.stringify(change.after),
  });
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null));

/** The site's audit rows, newest first, optionally of one entity; `before` pages back (keyset on id). */
export async function listAudit(db: Queryable, siteId: number, filter: { entity?: string; id?: string; before?: number; limit: number }): Promise<AuditEntry[]> {
  const rows = await createAuditRepository(db).list(siteId, filter);
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at as string).toISOString(),
    actor: {
      kind: row.actor_kind as 'staff' | 'admin-token' | 'driver',
      staff_id: row.actor_staff_id === null ? null : Number(row.actor_staff_id),
      ...(row.actor_driver_id === null || row.actor_driver_id === undefined ? {} : { driver_id: Number(row.actor_driver_id) }),
      name: (row.actor_name as string | null) ?? null,
    },
    action: String(row.action),
    entity_type: String(row.entity_type),
    entity_id: String(row.entity_id),
    before: json(row.before),
    after: json(row.after),
  }));
}
