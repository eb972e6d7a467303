import type { SettlementPayment } from '../../../contract/settlementRules.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** One completed job of a driver with its money as the ledger has it (receipts/ledger.ts: charged − refunded). */
export interface JobMoneyRow {
  driverId: number;
  bookingNumber: string;
  completedAt: Date;
  payment: SettlementPayment;
  driverCollectedPence: number;
  operatorCollectedPence: number;
}

export interface AdjustmentRow {
  id: number;
  driverId: number;
  weekStart: string;
  amountPence: number;
  reason: string;
  createdAt: Date;
}

export interface SettledRow {
  driverId: number;
  weekStart: string;
  figures: unknown;
  settledAt: Date;
}

type Row = Record<string, unknown>;
const dateText = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/**
 * The completed jobs (bookings completed in [from, to), a driver assigned) of a site, or of one driver, and what each
 * brought in, computed in SQL from the same rows as the booking's ledger (receipts/repository.ts CHARGES and REFUNDS):
 * the card charges that paid the booking, its paid changes and the driver's extras charged after it (issue 32), less every refund of them but a second charge's
 * automatic one. A pay-in-car booking's fare (total_pence, after its changes) is the driver's; a card booking's
 * ledger is the operator's; any other payment method (on account) is the operator's at the booking's total.
 */
const JOBS = `
  WITH jobs AS (
    SELECT b.id, b.booking_number, b.completed_at, (b.assigned_driver ->> 'id')::bigint AS driver_id, b.payment_method, b.total_pence,
           b.payment_intent_id, b.payment_status
      FROM bookings b
     WHERE b.site_id = $1 AND b.status = 'completed' AND b.assigned_driver IS NOT NULL
       AND b.completed_at >= $2 AND b.completed_at < $3
       AND ($4::bigint IS NULL OR (b.assigned_driver ->> 'id')::bigint = $4::bigint)
  ),
  charges AS (
    SELECT j.id AS booking_id, p.intent_id, p.amount_pence
      FROM jobs j
      JOIN payments p ON p.site_id = $1 AND p.charge = 'succeeded'
       AND ((p.intent_id = j.payment_intent_id AND j.payment_status = 'paid') OR (p.booking_id = j.id AND (p.request_key LIKE 'booking\\_change:%' OR p.request_key LIKE 'booking\\_extras:%')))
  ),
  card AS (
    SELECT j.id,
           COALESCE((SELECT sum(c.amount_pence) FROM charges c WHERE c.booking_id = j.id), 0)
           - COALESCE((SELECT sum(r.amount_pence) FROM refunds r
                        WHERE r.site_id = $1 AND r.booking_id = j.id AND r.reason <> 'duplicate_charge'
                          AND r.intent_id IN (SELECT c.intent_id FROM charges c WHERE c.booking_id = j.id)), 0) AS card_paid
      FROM jobs j
  )
  SELECT j.driver_id, j.booking_number, j.completed_at,
         CASE WHEN j.payment_method IN ('car', 'card') THEN j.payment_method ELSE 'account' END AS payment,
         CASE WHEN j.payment_method = 'car' THEN j.total_pence ELSE 0 END AS driver_collected,
         card.card_paid + CASE WHEN j.payment_method IN ('car', 'card') THEN 0 ELSE j.total_pence END AS operator_collected
    FROM jobs j JOIN card ON card.id = j.id
   ORDER BY j.completed_at, j.id`;

export function createSettlementRepository(db: Queryable) {
  return {
    async jobs(siteId: number, from: Date, to: Date, driverId: number | null): Promise<JobMoneyRow[]> {
      const { rows } = await db.query<Row>(JOBS, [siteId, from, to, driverId]);
      return rows.map((row) => ({
        driverId: Number(row.driver_id),
        bookingNumber: String(row.booking_number),
        completedAt: new Date(row.completed_at as string),
        payment: row.payment as SettlementPayment,
        driverCollectedPence: Number(row.driver_collected),
        operatorCollectedPence: Number(row.operator_collected),
      }));
    },

    async adjustments(siteId: number, fromWeek: string, toWeek: string, driverId: number | null): Promise<AdjustmentRow[]> {
      const { rows } = await db.query<Row>(
        `SELECT id, driver_id, week_start::text AS week_start, amount_pence, reason, created_at FROM settlement_adjustments
          WHERE site_id = $1 AND week_start >= $2::date AND week_start < $3::date AND ($4::bigint IS NULL OR driver_id = $4::bigint) ORDER BY id`,
        [siteId, fromWeek, toWeek, driverId],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        driverId: Number(row.driver_id),
        weekStart: dateText(row.week_start),
        amountPence: Number(row.amount_pence),
        reason: String(row.reason),
        createdAt: new Date(row.created_at as string),
      }));
    },

    async settled(siteId: number, fromWeek: string, toWeek: string, driverId: number | null): Promise<SettledRow[]> {
      const { rows } = await db.query<Row>(
        `SELECT driver_id, week_start::text AS week_start, figures, settled_at FROM settlement_weeks
          WHERE site_id = $1 AND week_start >= $2::date AND week_start < $3::date AND ($4::bigint IS NULL OR driver_id = $4::bigint)`,
        [siteId, fromWeek, toWeek, driverId],
      );
      return rows.map((row) => ({
        driverId: Number(row.driver_id),
        weekStart: dateText(row.week_start),
        figures: typeof row.figures === 'string' ? JSON.parse(row.figures) : row.figures,
        settledAt: new Date(row.settled_at as string),
      }));
    },

    /** The site's drivers' names by id (active or not: a week names who drove). */
    async driverNames(siteId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<Row>('SELECT id, name FROM drivers WHERE site_id = $1 AND id = ANY($2::bigint[])', [siteId, ids]);
      return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
    },

    /** The driver's row, locked until the transaction ends: adjustments and settling of one driver go one at a time. */
    async lockDriver(siteId: number, driverId: number): Promise<string | null> {
      const { rows } = await db.query<Row>('SELECT name FROM drivers WHERE site_id = $1 AND id = $2 FOR UPDATE', [siteId, driverId]);
      return rows[0] ? String(rows[0].name) : null;
    },

    async insertAdjustment(siteId: number, driverId: number, weekStart: string, amountPence: number, reason: string, staffId: number | null): Promise<number> {
      const { rows } = await db.query<Row>(
        'INSERT INTO settlement_adjustments (site_id, driver_id, week_start, amount_pence, reason, created_by) VALUES ($1, $2, $3::date, $4, $5, $6) RETURNING id',
        [siteId, driverId, weekStart, amountPence, reason, staffId],
      );
      return Number(rows[0].id);
    },

    /** True when this call settled the week; false when it was settled already (the primary key decides). */
    async insertSettled(siteId: number, driverId: number, weekStart: string, figures: unknown, balancePence: number, staffId: number | null): Promise<boolean> {
      const { rows } = await db.query<Row>(
        `INSERT INTO settlement_weeks (site_id, driver_id, week_start, figures, balance_pence, settled_by) VALUES ($1, $2, $3::date, $4::jsonb, $5, $6)
         ON CONFLICT (site_id, driver_id, week_start) DO NOTHING RETURNING settled_at`,
        [siteId, driverId, weekStart, JSON.stringify(figures), balancePence, staffId],
      );
      return rows.length === 1;
    },
  };
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
