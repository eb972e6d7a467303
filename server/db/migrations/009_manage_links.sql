-- Passengers manage their bookings (issue 18).

-- The booking's status as the operator moves it: confirmed (booked) → accepted → driver_assigned → completed, or
-- cancelled at any point before completion (by the passenger online, or by the operator).
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled'));
ALTER TABLE bookings
  -- Raised by every change the passenger sees (a cancellation; later a change of time or options): the calendar
  -- event's SEQUENCE, and what a change must name so that two concurrent changes cannot both apply.
  ADD COLUMN revision integer NOT NULL DEFAULT 0,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('passenger', 'operator')),
  -- What the passenger's cancellation kept of a card payment (the operator's CANCELLATION_FEE at the time).
  ADD COLUMN cancellation_fee_pence integer CHECK (cancellation_fee_pence >= 0);
UPDATE bookings SET cancelled_at = created_at WHERE status = 'cancelled';
ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_has_time CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL));

-- "Manage your booking" links: 256 random bits given out once (in the confirmation mail), only the SHA-256 kept,
-- as passenger_sessions does. A link works until the operator revokes it or 14 days after the booking's last leg
-- (computed from the booking when used, so a changed pick-up moves it); a link of another site is never found.
CREATE TABLE booking_manage_links (
  site_id     integer NOT NULL,
  id          bigserial,
  booking_id  bigint NOT NULL,
  token_hash  bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX booking_manage_links_token ON booking_manage_links (site_id, token_hash);
CREATE INDEX booking_manage_links_booking ON booking_manage_links (site_id, booking_id);

-- Files sent with a mail (the confirmation's .ics): [{ filename, contentType, content }] with text content.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
