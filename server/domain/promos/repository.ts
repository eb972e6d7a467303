import type { PromoCode, PromoCreate, PromoPatch } from '../../../contract/promoCodes.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { ABANDONED_CLAIM } from '../chargeClaims.ts';
import type { PromoRule } from '../pricing/promo.ts';
import { promoPassengerKey } from './passengerKey.ts';

/** A card payment's reservation not yet being charged is given back after this long (its confirm takes it again). */
export const ABANDONED_RESERVATION = '15 minutes';

const date = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const count = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const ruleOf = (row: Record<string, unknown>): PromoRule => ({
  id: Number(row.id),
  code: String(row.code),
  kind: row.kind as PromoRule['kind'],
  percent: count(row.percent),
  amount_pence: count(row.amount_pence),
  valid_from: date(row.valid_from),
  valid_to: date(row.valid_to),
  total_cap: count(row.total_cap),
  min_fare_pence: Number(row.min_fare_pence),
  categories: ((row.categories as unknown[] | null) ?? []).map(Number),
  active: Boolean(row.active),
  uses: Number(row.uses),
});

const promoOf = (row: Record<string, unknown>): PromoCode => ({
  ...ruleOf(row),
  per_passenger_cap: count(row.per_passenger_cap),
  bookings: Number(row.bookings ?? 0),
  created_at: new Date(row.created_at as string).toISOString(),
  updated_at: new Date(row.updated_at as string).toISOString(),
});

const COLUMNS = 'id, code, kind, percent, amount_pence, valid_from::text, valid_to::text, total_cap, per_passenger_cap, min_fare_pence, categories, active, uses, created_at, updated_at';
const WITH_BOOKINGS = `${COLUMNS}, (SELECT count(*) FROM promo_code_uses u WHERE u.site_id = p.site_id AND u.promo_id = p.id AND u.state = 'used') AS bookings`;
const EDITABLE = ['kind', 'percent', 'amount_pence', 'valid_from', 'valid_to', 'total_cap', 'per_passenger_cap', 'min_fare_pence', 'categories', 'active'] as const;

/** The owner's promo codes of one site. */
export function createPromosRepository(db: Queryable) {
  return {
    async list(siteId: number): Promise<PromoCode[]> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${WITH_BOOKINGS} FROM promo_codes p WHERE site_id = $1 ORDER BY active DESC, code`, [siteId]);
      return rows.map(promoOf);
    },
    async get(siteId: number, id: number, forUpdate = false): Promise<PromoCode | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${WITH_BOOKINGS} FROM promo_codes p WHERE site_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [siteId, id]);
      return rows[0] ? promoOf(rows[0]) : null;
    },
    /** The code a visitor typed (already upper case), as the rules read it. */
    async rule(siteId: number, code: string): Promise<PromoRule | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM promo_codes WHERE site_id = $1 AND code = $2`, [siteId, code]);
      return rows[0] ? ruleOf(rows[0]) : null;
    },
    /** Null when the site has the code already (a concurrent create included: the unique index decides). */
    async insert(siteId: number, promo: PromoCreate): Promise<PromoCode | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `INSERT INTO promo_codes (site_id, code, kind, percent, amount_pence, valid_from, valid_to, total_cap, per_passenger_cap, min_fare_pence, categories, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (site_id, code) DO NOTHING RETURNING ${COLUMNS}, 0 AS bookings`,
        [siteId, promo.code, promo.kind, promo.percent, promo.amount_pence, promo.valid_from, promo.valid_to, promo.total_cap, promo.per_passenger_cap, promo.min_fare_pence, promo.categories, promo.active],
      );
      return rows[0] ? promoOf(rows[0]) : null;
    },
    async update(siteId: number, id: number, patch: PromoPatch): Promise<void> {
      const entries = EDITABLE.filter((column) => patch[column] !== undefined).map((column) => [column, patch[column]] as const);
      const set = entries.map(([column], index) => `${column} = $${index + 3}`).join(', ');
      await db.query(`UPDATE promo_codes SET ${set}, updated_at = now() WHERE site_id = $1 AND id = $2`, [siteId, id, ...entries.map(([, value]) => value)]);
    },
  };
}

export type TakeOutcome = 'taken' | 'usedUp' | 'usedByPassenger';

export interface UseRequest {
  promoId: number;
  requestKey: string;
  email: string;
  discountPence: number;
  intentId: string | null;
  bookingId: number | null;
}

/**
 * A booking submission's use of a code (promo_code_uses), in the caller's transaction. Taking one bumps the code's
 * counter with a conditional UPDATE (the CHECK `uses <= total_cap` is the backstop), which also locks the code's row
 * until the transaction ends; under that lock the passenger gets the lowest free slot of their cap (the unique slot is
 * the backstop). A refusal leaves the counter bumped: the caller throws, and the transaction is rolled back.
 */
export function createPromoUses(tx: Queryable) {
  // The passenger of the per-passenger cap: +tags, case and Gmail's dots folded (passengerKey.ts).
  const email = promoPassengerKey;

  async function bump(siteId: number, promoId: number): Promise<{ perPassengerCap: number | null } | null> {
    const { rows } = await tx.query<{ per_passenger_cap: number | null }>(
      'UPDATE promo_codes SET uses = uses + 1 WHERE site_id = $1 AND id = $2 AND (total_cap IS NULL OR uses < total_cap) RETURNING per_passenger_cap',
      [siteId, promoId],
    );
    return rows[0] ? { perPassengerCap: count(rows[0].per_passenger_cap) } : null;
  }

  /** Gives back the code's reservations whose card payments were abandoned (never charged, or a charge that never came back). */
  async function releaseAbandoned(siteId: number, promoId: number): Promise<number> {
    const { rows } = await tx.query<{ released: string }>(
      `WITH gone AS (
         DELETE FROM promo_code_uses u USING payments p
          WHERE u.site_id = $1 AND u.promo_id = $2 AND u.state = 'reserved' AND p.site_id = u.site_id AND p.intent_id = u.intent_id
            AND ((p.charge IN ('open', 'failed') AND p.updated_at < now() - interval '${ABANDONED_RESERVATION}')
              OR (p.charge = 'claimed' AND p.updated_at < now() - interval '${ABANDONED_CLAIM}'))
         RETURNING u.counted)
       UPDATE promo_codes SET uses = uses - (SELECT count(*) FROM gone WHERE counted) WHERE site_id = $1 AND id = $2
       RETURNING (SELECT count(*) FROM gone) AS released`,
      [siteId, promoId],
    );
    return Number(rows[0]?.released ?? 0);
  }

  async function take(siteId: number, use: UseRequest, state: 'reserved' | 'used'): Promise<TakeOutcome> {
    const bumped = (await bump(siteId, use.promoId)) ?? ((await releaseAbandoned(siteId, use.promoId)) > 0 ? await bump(siteId, use.promoId) : null);
    if (!bumped) return 'usedUp';
    let slot: number | null = null;
    if (bumped.perPassengerCap !== null) {
      const { rows } = await tx.query<{ slot: number }>(
        `SELECT s AS slot FROM generate_series(1, $4::integer) s
          WHERE NOT EXISTS (SELECT 1 FROM promo_code_uses u WHERE u.site_id = $1 AND u.promo_id = $2 AND u.passenger_email = $3 AND u.slot = s)
          ORDER BY s LIMIT 1`,
        [siteId, use.promoId, email(use.email), bumped.perPassengerCap],
      );
      if (!rows[0]) return 'usedByPassenger';
      slot = Number(rows[0].slot);
    }
    await tx.query(
      `INSERT INTO promo_code_uses (site_id, promo_id, request_key, passenger_email, slot, state, intent_id, booking_id, discount_pence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [siteId, use.promoId, use.requestKey, email(use.email), slot, state, use.intentId, use.bookingId, use.discountPence],
    );
    return 'taken';
  }

  async function ofSubmission(siteId: number, requestKey: string): Promise<{ state: 'reserved' | 'used' } | null> {
    const { rows } = await tx.query<{ state: 'reserved' | 'used' }>('SELECT state FROM promo_code_uses WHERE site_id = $1 AND request_key = $2 FOR UPDATE', [siteId, requestKey]);
    return rows[0] ?? null;
  }

  return {
    /** A pay-in-car booking's use, taken in the booking's transaction. */
    useNow: (siteId: number, use: UseRequest & { bookingId: number }) => take(siteId, use, 'used'),

    /** A card payment's reservation, bound to its intent; a submission holding one already keeps it (a new intent rebinds it). */
    async reserve(siteId: number, use: UseRequest & { intentId: string }): Promise<TakeOutcome> {
      if (await ofSubmission(siteId, use.requestKey)) {
        await tx.query(`UPDATE promo_code_uses SET intent_id = $3, updated_at = now() WHERE site_id = $1 AND request_key = $2 AND state = 'reserved'`, [siteId, use.requestKey, use.intentId]);
        return 'taken';
      }
      return take(siteId, use, 'reserved');
    },

    /**
     * A paid booking's use: its reservation becomes the booking's. Released meanwhile, it is taken again, and when the
     * code was used up in between it is recorded uncounted: a paid booking is never refused for its code.
     */
    async usePaid(siteId: number, use: UseRequest & { bookingId: number }): Promise<void> {
      const held = await ofSubmission(siteId, use.requestKey);
      if (held) {
        await tx.query(`UPDATE promo_code_uses SET state = 'used', booking_id = $3, updated_at = now() WHERE site_id = $1 AND request_key = $2`, [siteId, use.requestKey, use.bookingId]);
        return;
      }
      await tx.query('SAVEPOINT promo_use');
      if ((await take(siteId, use, 'used')) === 'taken') {
        await tx.query('RELEASE SAVEPOINT promo_use');
        return;
      }
      await tx.query('ROLLBACK TO SAVEPOINT promo_use');
      await tx.query(
        `INSERT INTO promo_code_uses (site_id, promo_id, request_key, passenger_email, slot, state, counted, intent_id, booking_id, discount_pence)
         VALUES ($1, $2, $3, $4, NULL, 'used', false, $5, $6, $7)`,
        [siteId, use.promoId, use.requestKey, email(use.email), use.intentId, use.bookingId, use.discountPence],
      );
    },
  };
}

/** Gives back the reservation of a card payment that failed (declined, 3-D Secure failed, abandoned). */
export async function releaseReservation(db: Queryable, siteId: number, intentId: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM promo_code_uses WHERE site_id = $1 AND intent_id = $2 AND state = 'reserved' RETURNING promo_id, counted)
     UPDATE promo_codes p SET uses = p.uses - 1 FROM gone WHERE p.site_id = $1 AND p.id = gone.promo_id AND gone.counted`,
    [siteId, intentId],
  );
}

/** The ids among `ids` that are not vehicle categories of the site. */
export async function unknownCategories(db: Queryable, siteId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM vehicle_categories WHERE site_id = $1 AND id = ANY($2::integer[])', [siteId, ids]);
  const known = new Set(rows.map((row) => Number(row.id)));
  return ids.filter((id) => !known.has(id));
}
