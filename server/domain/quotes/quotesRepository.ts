import { randomBytes } from 'node:crypto';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import type { PriceDetail } from '../../../contract/booking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { PricedRow, RoutePoint, TripRoutes } from '../pricing/types.ts';

/** How long a price stays bookable (CLARIFICATIONS 3). */
export const QUOTE_TTL_MS = 30 * 60 * 1000;

/** A staff member's own price for one vehicle of a quote (migration 034): it books at this price, not the tariff's. */
export interface StaffPrice {
  vehicle_id: number;
  company_id: number;
  price_pence: number;
  reason: string;
}

export type StoredQuote = (
  | { id: string; bookingType: 'milleage'; form: unknown; trip: TripRoutes; rows: PriceDetail[]; expiresAt: Date }
  | { id: string; bookingType: 'hourly'; form: unknown; trip: RoutePoint; rows: PriceDetail[]; expiresAt: Date }
) & { staffPrice?: StaffPrice | null };

/**
 * A quote as saved: its id, priced rows and expiry, and the answer of the calculate call made once: `response`
 * (`{"success":true,"price_details":[…],"expires_at":"…"}`) and `gzipped`, the same gzip-compressed, which is both what
 * the quotes table stores (payload) and what a client that accepts gzip is sent.
 */
export interface SavedQuote {
  id: string;
  expiresAt: Date;
  response: string;
  gzipped: Buffer;
}

/** gzip level 1: about 24 KB of price list → about 2.3 KB in well under a millisecond; higher levels gain little here. */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED };

export const priceListResponse = (rowsJson: string, expiresAt: Date, routePolyline?: string) =>
  `{"success":true,"price_details":${rowsJson},"expires_at":${JSON.stringify(expiresAt.toISOString())}${
    routePolyline ? `,"route_polyline":${JSON.stringify(routePolyline)}` : ''
  }}`;

/** The outbound leg's road route when a routing service drew one (the offline estimate has none). */
const routePolylineOf = (trip: TripRoutes | RoutePoint): string | undefined => ('outbound' in trip ? trip.outbound.polyline : undefined);

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** pg returns bytea as a Buffer, PGlite as a Uint8Array. */
const asBuffer = (value: unknown): Buffer => {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError('quote payload is not bytea');
};

const COLUMNS = 8;
const insertSql = (count: number) =>
  `INSERT INTO quotes (site_id, id, booking_type, form, trip, payload, created_at, expires_at) VALUES ${Array.from(
    { length: count },
    // The payload (column 6) travels as base64 text decoded by the server: PGlite would hex-encode a Buffer in JavaScript.
    (_, row) => `(${Array.from({ length: COLUMNS }, (_, column) => (column === 5 ? `decode($${row * COLUMNS + column + 1}, 'base64')` : `$${row * COLUMNS + column + 1}`)).join(', ')})`,
  ).join(', ')}`;

interface Pending {
  values: unknown[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for quote rows: a row waits while an INSERT is running and then goes with every row that arrived
 * meanwhile, in one multi-row INSERT (one statement, committed on its own). The caller's promise resolves only once
 * its row is committed, so a quote id is never answered before it is stored. No timer: an idle writer writes in the
 * same turn of the event loop (setImmediate), after every request that arrived in that turn has queued its row.
 * PGlite is one connection (one statement at a time); PostgreSQL may run a few at once on its pool.
 */
export function createQuoteWriter(db: Queryable, options: { maxBatch?: number; maxInFlight?: number } = {}) {
  const maxBatch = options.maxBatch ?? 100;
  const maxInFlight = options.maxInFlight ?? ((db as { kind?: string }).kind === 'postgres' ? 4 : 1);
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  const insert = async (batch: Pending[]) => {
    await db.query(
      insertSql(batch.length),
      batch.flatMap((pending) => pending.values),
    );
  };

  const flushOne = async () => {
    const batch = queue.splice(0, maxBatch);
    inFlight += 1;
    try {
      await insert(batch);
      for (const pending of batch) pending.resolve();
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error);
      else {
        // One bad row must not fail the others: write them one by one.
        await Promise.all(batch.map((pending) => insert([pending]).then(pending.resolve, pending.reject)));
      }
    } finally {
      inFlight -= 1;
      pump();
    }
  };

  const pump = () => {
    while (queue.length > 0 && inFlight < maxInFlight) void flushOne();
  };

  return {
    /** Resolves when the row is committed. Rows queued in the same turn of the event loop are written together. */
    write(values: unknown[]): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ values, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // After the requests read in this turn of the event loop have been priced: they go in one INSERT.
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
    get pending() {
      return queue.length + inFlight;
    },
  };
}

/**
 * Stored quotes: the server's own record of every price it gave, which payments and bookings read back.
 * One row per quote, written in a single statement (shared with other quotes of the same moment, see createQuoteWriter):
 * the form and routed trip as jsonb (small), the price list as answered, gzip-compressed (payload), instead of about
 * 24 KB of jsonb that PGlite would parse on the main thread.
 */
export function createQuotesRepository(db: Queryable) {
  const writer = createQuoteWriter(db);
  return {
    async save(
      siteId: number,
      quote: { bookingType: 'milleage' | 'hourly'; form: unknown; trip: TripRoutes | RoutePoint; rows: PricedRow[] },
      now = new Date(),
    ): Promise<SavedQuote> {
      const id = `q_${randomBytes(12).toString('base64url')}`;
      const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
      const response = priceListResponse(JSON.stringify(quote.rows.map((row) => ({ ...row, quote_id: id }))), expiresAt, routePolylineOf(quote.trip));
      // Synchronous on purpose: zlib's asynchronous gzip runs a stream per call, which cost the event loop more than
      // this 24 KB deflate itself (CPU profile of the distinct-search bench, issue 20).
      const gzipped = gzipSync(response, GZIP_OPTIONS);
      await writer.write([siteId, id, quote.bookingType, JSON.stringify(quote.form), JSON.stringify(quote.trip), gzipped.toString('base64'), now, expiresAt]);
      return { id, expiresAt, response, gzipped };
    },

    async load(siteId: number, id: string): Promise<StoredQuote | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        'SELECT id, booking_type, form, trip, rows, payload, expires_at, staff_price FROM quotes WHERE site_id = $1 AND id = $2',
        [siteId, id],
      );
      const row = rows[0];
      if (!row) return null;
      const priced =
        row.payload !== null && row.payload !== undefined
          ? (JSON.parse(gunzipSync(asBuffer(row.payload)).toString('utf8')) as { price_details: PriceDetail[] }).price_details
          : parse<PriceDetail[]>(row.rows);
      return {
        id: String(row.id),
        bookingType: row.booking_type as 'milleage',
        form: parse(row.form),
        trip: parse<TripRoutes>(row.trip),
        rows: priced,
        expiresAt: new Date(row.expires_at as string),
        staffPrice: row.staff_price === null || row.staff_price === undefined ? null : parse<StaffPrice>(row.staff_price),
      };
    },

    /**
     * A copy of a stored quote under a new id, bookable until `expiresAt`, with a staff price for one of its vehicles
     * (a QUOTE NOW offer at the dispatcher's own price). The new id, or null when the site has no such quote.
     */
    async copyWithStaffPrice(siteId: number, quoteId: string, staffPrice: StaffPrice, expiresAt: Date): Promise<string | null> {
      const id = `q_${randomBytes(12).toString('base64url')}`;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO quotes (site_id, id, booking_type, form, trip, rows, payload, created_at, expires_at, staff_price)
         SELECT site_id, $3, booking_type, form, trip, rows, payload, now(), $4, $5::jsonb FROM quotes WHERE site_id = $1 AND id = $2 RETURNING id`,
        [siteId, quoteId, id, expiresAt, JSON.stringify(staffPrice)],
      );
      return rows[0] ? id : null;
    },

    /** Housekeeping: quotes no booking can use any more (kept a day for support questions). */
    async purgeExpired(before = new Date(Date.now() - 24 * 3600 * 1000)) {
      await db.query('DELETE FROM quotes WHERE expires_at < $1', [before]);
    },
  };
}
