-- Issue 34, bookings the office takes (server/domain/bookings/phone.ts, server/domain/enquiries/inbox.ts).
-- A staff price on a stored quote: the QUOTE NOW offer's one vehicle books at the dispatcher's own price (with a
-- reason) instead of the tariff's. Set only on a copy of the priced quote made for that offer, so no quote read
-- before (and remembered by the quoting engine) ever changes. {"vehicle_id", "company_id", "price_pence", "reason"}.
ALTER TABLE quotes ADD COLUMN staff_price jsonb;

-- The reason a booking's price is not the tariff's (a dispatcher's override on a phone booking, or a staff-priced
-- offer); null when the engine priced it. The price itself is bookings.unit_price_pence / total_pence as always.
ALTER TABLE bookings ADD COLUMN price_override_reason text CHECK (length(price_override_reason) BETWEEN 1 AND 500);

-- A staff-priced offer books once: a second booking of its quote, whoever sends it, is refused.
CREATE UNIQUE INDEX bookings_staff_priced_offer_once ON bookings (site_id, quote_id) WHERE price_override_reason IS NOT NULL AND source = 'quote_offer';
