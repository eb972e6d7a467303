/**
 * Weeks (or a year) of varied demo bookings written in bulk for the reports (issue 35): the API test, the e2e and
 * bench/reports.bench.ts. One INSERT … SELECT over generate_series, every value worked out from the row's number, so
 * a seed is the same every run: pick-ups spread evenly over [start, start + span), booked 0–13 days ahead, two
 * companies, three categories, four drivers (and unassigned), the four sources, card and pay in car, every status,
 * cancellation reasons, some card refunds and promo code uses.
 */
import type { Db } from '../../server/adapters/db/index.ts';

export interface ReportSeed {
  siteId: number;
  /** First pick-up (an instant) and the span the pick-ups spread over. */
  start: Date;
  spanMs: number;
  count: number;
  /** Booking number prefix (unique per seed on a site). */
  prefix: string;
}

export async function seedReportBookings(db: Db, seed: ReportSeed): Promise<void> {
  const values = [seed.siteId, seed.start.getTime(), seed.spanMs, seed.count, seed.prefix];
  await db.query(
    `INSERT INTO bookings (site_id, booking_number, request_key, created_at, status, ride_type, booking_type, quote_id, company_id, company_name, vehicle_id,
       vehicle_category, vehicle_qty, passenger_mode, passenger_name, passenger_email, passenger_phone, total_passengers, pick_up_address, drop_off_address,
       pick_up_at, pick_up_date, pick_up_time, options, currency, unit_price_pence, total_pence, breakdown, payment_method, payment_status, payment_intent_id,
       source, assigned_driver, cancelled_at, cancelled_by, cancel_reason, cancellation_fee_pence, completed_at, no_show_at)
     SELECT $1, $5 || '-' || lpad(i::text, 7, '0'), $5 || '-' || i, t.pick_up - ((i * 7919) % 313) * interval '1 hour' - (i % 50) * interval '1 minute',
       s.status, 'Q', 'milleage', 'q', 1 + (i % 5 = 0)::int, CASE WHEN i % 5 = 0 THEN 'Riverside Executive' ELSE 'Westway Cars' END, 1,
       (ARRAY['Saloon', 'Estate', 'MPV'])[1 + i % 3], 1, 'guest_login', 'Passenger ' || i, 'p' || i || '@example.test', '07700 900000', 1,
       'Heathrow T5', 'The Savoy', t.pick_up, (t.pick_up AT TIME ZONE 'Europe/London')::date, '12:00pm', '{}', '£', p.fare, p.fare, '{}',
       p.method, CASE WHEN p.method = 'card' THEN 'paid' ELSE 'due_to_driver' END, CASE WHEN p.method = 'card' THEN $5 || '-pi-' || i END,
       (ARRAY['website', 'website', 'embedded', 'console', 'quote_offer'])[1 + (i * 3) % 5],
       CASE WHEN s.status IN ('completed', 'no_show', 'driver_assigned') THEN jsonb_build_object('id', 1 + i % 4, 'name', (ARRAY['Amir Khan', 'Beth Jones', 'Chen Wei', 'Dara Byrne'])[1 + i % 4]) END,
       CASE WHEN s.status = 'cancelled' THEN t.pick_up - interval '2 hours' END,
       CASE WHEN s.status = 'cancelled' THEN (ARRAY['passenger', 'operator'])[1 + i % 2] END,
       CASE WHEN s.status = 'cancelled' AND i % 2 = 1 THEN (ARRAY['no_vehicle_available', 'duplicate_booking', 'payment_problem'])[1 + i % 3] END,
       CASE WHEN s.status = 'cancelled' AND p.method = 'card' AND i % 2 = 0 THEN 500 END,
       CASE WHEN s.status = 'completed' THEN t.pick_up + interval '1 hour' END,
       CASE WHEN s.status = 'no_show' THEN t.pick_up + interval '20 minutes' END
       FROM generate_series(0, $4::int - 1) AS i,
       LATERAL (SELECT to_timestamp(($2::bigint + (i::bigint * $3::bigint / $4::bigint)) / 1000.0) AS pick_up) t,
       LATERAL (SELECT CASE WHEN t.pick_up > now() THEN 'confirmed' WHEN i % 11 = 3 THEN 'cancelled' WHEN i % 23 = 7 THEN 'no_show' ELSE 'completed' END AS status) s,
       LATERAL (SELECT 1500 + (i * 37) % 9000 AS fare, CASE WHEN i % 3 = 0 THEN 'car' ELSE 'card' END AS method) p`,
    values,
  );
  // The card payments, and refunds on some of them (a partial refund on every 13th completed card trip, the rest of
  // a cancelled card booking's fare less its fee).
  await db.query(
    `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, booking_id)
     SELECT site_id, payment_intent_id, 'sandbox', total_pence, 'gbp', request_key, '{}', 'succeeded', id
       FROM bookings WHERE site_id = $1 AND booking_number LIKE $2 || '-%' AND payment_intent_id IS NOT NULL`,
    [seed.siteId, seed.prefix],
  );
  await db.query(
    `INSERT INTO refunds (site_id, intent_id, booking_id, amount_pence, currency, reason, idempotency_key, status, created_at)
     SELECT site_id, payment_intent_id, id, CASE WHEN status = 'completed' THEN 250 ELSE total_pence - COALESCE(cancellation_fee_pence, 0) END, 'gbp',
            CASE WHEN status = 'completed' THEN 'operator' ELSE 'cancellation' END, 'refund-' || booking_number, 'succeeded', pick_up_at
       FROM bookings
      WHERE site_id = $1 AND booking_number LIKE $2 || '-%' AND payment_intent_id IS NOT NULL
        AND ((status = 'completed' AND id % 13 = 0) OR status = 'cancelled') AND total_pence - COALESCE(cancellation_fee_pence, 0) > 0`,
    [seed.siteId, seed.prefix],
  );
  // Two promo codes; every 17th booking used one (a tenth of its fare, or £5).
  await db.query(
    `INSERT INTO promo_codes (site_id, code, kind, percent, amount_pence) VALUES ($1, $2 || 'TEN', 'percent', 10, NULL), ($1, $2 || 'FIVER', 'fixed', NULL, 500)
     ON CONFLICT (site_id, code) DO NOTHING`,
    [seed.siteId, seed.prefix.toUpperCase().replace(/[^A-Z0-9]/g, '')],
  );
  await db.query(
    `INSERT INTO promo_code_uses (site_id, promo_id, request_key, passenger_email, slot, state, booking_id, discount_pence)
     SELECT b.site_id, p.id, b.request_key, b.passenger_email, NULL, 'used', b.id, CASE WHEN p.kind = 'percent' THEN b.total_pence / 10 ELSE 500 END
       FROM bookings b JOIN promo_codes p ON p.site_id = b.site_id AND p.code = $3 || CASE WHEN b.id % 2 = 0 THEN 'TEN' ELSE 'FIVER' END
      WHERE b.site_id = $1 AND b.booking_number LIKE $2 || '-%' AND b.id % 17 = 0`,
    [seed.siteId, seed.prefix, seed.prefix.toUpperCase().replace(/[^A-Z0-9]/g, '')],
  );
  if (db.kind === 'postgres') await db.query('ANALYZE bookings');
}
