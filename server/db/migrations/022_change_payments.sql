-- Issue 30: the payments of passengers' changes.
--
-- 1. At most one change of a booking is in payment at a time. A change to a higher card price takes the booking's
--    payment hold (payment_held_at) in the transaction that locks the booking and records the change, before any
--    intent is created; the partial unique index below refuses a second hold, whatever the code does. The hold ends
--    when the change is applied or abandoned, when its card is declined (no payment of it claimed), and lapses after
--    ABANDONED_CLAIM (server/domain/chargeClaims.ts): the next change then abandons it (a charge that still arrives for
--    it is refunded in full, as for any change overtaken).
ALTER TABLE booking_changes ADD COLUMN payment_held_at timestamptz;

-- Changes waiting for a payment on a revision the booking has moved past can never be applied: abandoned.
UPDATE booking_changes c SET status = 'abandoned'
  FROM bookings b
 WHERE b.site_id = c.site_id AND b.id = c.booking_id AND c.status = 'awaiting_payment' AND c.from_revision <> b.revision;
-- A change whose card is being charged now holds the booking's payment from its claim.
UPDATE booking_changes c SET payment_held_at = p.updated_at
  FROM payments p
 WHERE p.site_id = c.site_id AND p.request_key = 'booking_change:' || c.id AND p.charge = 'claimed' AND c.status = 'awaiting_payment';

CREATE UNIQUE INDEX booking_changes_one_in_payment ON booking_changes (site_id, booking_id)
  WHERE status = 'awaiting_payment' AND payment_held_at IS NOT NULL;

-- 2. The refund of a change (a lower price, or a change's charge that came after the booking moved on) is a change's
--    refund, not a cancellation's.
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
UPDATE refunds SET reason = 'change' WHERE idempotency_key LIKE 'booking\_change:%';
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check CHECK (reason IN ('duplicate_charge', 'cancellation', 'operator', 'change'));
