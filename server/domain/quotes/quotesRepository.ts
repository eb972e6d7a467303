import { randomBytes } from 'node:crypto';
import type { PriceDetail } from '../../../contract/booking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { PricedRow, RoutePoint, TripRoutes } from '../pricing/types.ts';

/** How long a price stays bookable (CLARIFICATIONS 3). */
export const QUOTE_TTL_MS = 30 * 60 * 1000;

export type StoredQuote =
  | { id: string; bookingType: 'milleage'; form: unknown; trip: TripRoutes; rows: PriceDetail[]; expiresAt: Date }
  | { id: string; bookingType: 'hourly'; form: unknown; trip: RoutePoint; rows: PriceDetail[]; expiresAt: Date };

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Stored quotes: the server's own record of every price it gave, which payments and bookings read back. */
export function createQuotesRepository(db: Queryable) {
  return {
    async save(
      siteId: number,
      quote: { bookingType: 'milleage' | 'hourly'; form: unknown; trip: TripRoutes | RoutePoint; rows: PricedRow[] },
      now = new Date(),
    ): Promise<{ id: string; rows: PriceDetail[]; expiresAt: Date }> {
      const id = `q_${randomBytes(12).toString('base64url')}`;
      const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
      const rows = quote.rows.map((row) => ({ ...row, quote_id: id }));
      await db.query('INSERT INTO quotes (site_id, id, booking_type, form, trip, rows, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        siteId,
        id,
        quote.bookingType,
        JSON.stringify(quote.form),
        JSON.stringify(quote.trip),
        JSON.stringify(rows),
        expiresAt,
      ]);
      return { id, rows, expiresAt };
    },

    async load(siteId: number, id: string): Promise<StoredQuote | null> {
      const { rows } = await db.query<Record<string, unknown>>('SELECT id, booking_type, form, trip, rows, expires_at FROM quotes WHERE site_id = $1 AND id = $2', [siteId, id]);
      const row = rows[0];
      if (!row) return null;
      return {
        id: String(row.id),
        bookingType: row.booking_type as 'milleage',
        form: parse(row.form),
        trip: parse<TripRoutes>(row.trip),
        rows: parse<PriceDetail[]>(row.rows),
        expiresAt: new Date(row.expires_at as string),
      };
    },

    /** Housekeeping: quotes no booking can use any more (kept a day for support questions). */
    async purgeExpired(before = new Date(Date.now() - 24 * 3600 * 1000)) {
      await db.query('DELETE FROM quotes WHERE expires_at < $1', [before]);
    },
  };
}
