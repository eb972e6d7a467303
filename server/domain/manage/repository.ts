import type { Queryable } from '../../adapters/db/index.ts';

/** A manage link's row with what its checks read of the booking. */
export interface ManageLinkRow {
  bookingId: number;
  bookingNumber: string;
  revokedAt: Date | null;
  pickupAt: Date;
  returnAt: Date | null;
}

/** The statements of the manage page: its links (links.ts: tokens stored and found by their hash only) and the passenger's cancellation. */
export function createManageRepository(db: Queryable) {
  return {
    async linkByHash(siteId: number, tokenHash: Buffer): Promise<ManageLinkRow | null> {
      const { rows } = await db.query<{ booking_id: string; booking_number: string; revoked_at: Date | null; pick_up_at: Date | string; return_at: Date | string | null }>(
        `SELECT l.booking_id, b.booking_number, l.revoked_at, b.pick_up_at, b.return_at
           FROM booking_manage_links l JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id
          WHERE l.site_id = $1 AND l.token_hash = $2`,
        [siteId, tokenHash],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        bookingId: Number(row.booking_id),
        bookingNumber: row.booking_number,
        revokedAt: row.revoked_at,
        pickupAt: new Date(row.pick_up_at),
        returnAt: row.return_at === null ? null : new Date(row.return_at),
      };
    },

    /** The passenger's cancellation written on the booking (in the caller's transaction), with its fee. */
    async cancelByPassenger(siteId: number, bookingId: number, at: Date, feePence: number): Promise<void> {
      await db.query(
        `UPDATE bookings SET status = 'cancelled', cancelled_at = $3, cancelled_by = 'passenger', cancellation_fee_pence = $4, revision = revision + 1
          WHERE site_id = $1 AND id = $2`,
        [siteId, bookingId, at, feePence],
      );
    },

    /** Every live link of the booking revoked; how many, or null when the site has no such booking. */
    async revokeLinks(siteId: number, bookingNumber: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE site_id = $1 AND booking_number = $2', [siteId, bookingNumber]);
      if (!rows[0]) return null;
      const revoked = await db.query('UPDATE booking_manage_links SET revoked_at = now() WHERE site_id = $1 AND booking_id = $2 AND revoked_at IS NULL RETURNING id', [siteId, rows[0].id]);
      return revoked.rows.length;
    },
  };
}
