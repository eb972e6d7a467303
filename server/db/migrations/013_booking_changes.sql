-- Passengers change their bookings (issue 18, second part): every change asked for online, applied or sent to the
-- operator as a request, with the booking as it was and as it became, the price difference and what was done with it.
CREATE TABLE booking_changes (
  site_id            integer NOT NULL,
  id                 bigserial,
  booking_id         bigint NOT NULL,
  -- The booking's revision the change was priced on; applying it raises bookings.revision past it.
  from_revision      integer NOT NULL,
  --   awaiting_payment  priced, the difference being charged to the card (3-D Secure may be under way)
  --   applied           the booking was changed (and the difference charged or refunded)
  --   requested         a driver was assigned: sent to the operator as a request, the booking unchanged
  --   abandoned         never paid (declined, left) and replaced by another change, or overtaken by another revision
  status             text NOT NULL CHECK (status IN ('awaiting_payment', 'applied', 'requested', 'abandoned')),
  requested_by       text NOT NULL DEFAULT 'passenger' CHECK (requested_by IN ('passenger')),
  -- sha-256 of the change as asked: the same change sent again (a double click, a retry) finds this row.
  digest             text NOT NULL,
  before             jsonb NOT NULL,
  after              jsonb NOT NULL,
  old_total_pence    integer NOT NULL CHECK (old_total_pence >= 0),
  new_total_pence    integer NOT NULL CHECK (new_total_pence >= 0),
  difference_pence   integer NOT NULL,
  -- The card payment of a higher price (payments.request_key 'booking_change:<id>'), and the refunds' key prefix of
  -- a lower one.
  payment_intent_id  text,
  refund_key         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  applied_at         timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE,
  CHECK (difference_pence = new_total_pence - old_total_pence),
  CHECK ((status = 'applied') = (applied_at IS NOT NULL))
);
-- Exactly once: of a booking's revision one change at most is being paid or applied, whatever the code does.
CREATE UNIQUE INDEX booking_changes_one_per_revision ON booking_changes (site_id, booking_id, from_revision) WHERE status IN ('awaiting_payment', 'applied');
CREATE UNIQUE INDEX booking_changes_payment ON booking_changes (site_id, payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX booking_changes_booking ON booking_changes (site_id, booking_id, id DESC);
