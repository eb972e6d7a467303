-- Issue 34: card payment by a mailed payment link, for bookings the office takes by phone
-- (server/domain/bookings/payLinks.ts).
--
-- 1. A booking held for its payment: bookings.status 'awaiting_payment' (not confirmed: no driver is offered it, it is no
--    confirmed trip in the reports; it shows on the board and in Needs action) and payment_status 'awaiting_payment'.
--    Paid, it becomes 'confirmed' / 'paid' (a card booking like any other); unpaid past its time limit, 'cancelled'.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('awaiting_payment', 'confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled', 'no_show'));
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check
  CHECK (payment_status IN ('due_to_driver', 'paid', 'nothing_to_pay', 'on_account', 'awaiting_payment'));

-- 2. The booking's payment link: 256 random bits mailed once (a resend mails a new one and the old stops working), only
--    the SHA-256 kept, as booking_manage_links. The link works until due_at (the owner's PAY_LINK_HOURS after the
--    booking, never later than PAY_LINK_BEFORE_PICKUP_MINUTES before its pick-up). One link per booking.
--    The payment itself is a `payments` row of request key 'pay_link:<booking id>': migration 007's payments_one_charge
--    index lets at most one of them be claimed or succeeded, whatever the code does.
CREATE TABLE booking_pay_links (
  site_id      integer NOT NULL,
  booking_id   bigint NOT NULL,
  token_hash   bytea NOT NULL,
  due_at       timestamptz NOT NULL,
  -- The booking as prepared when taken (server/domain/bookings/prepare.ts): its confirmation is written from it when paid.
  prepared     jsonb NOT NULL,
  sent_count   integer NOT NULL DEFAULT 1 CHECK (sent_count >= 1),
  created_at   timestamptz NOT NULL DEFAULT now(),
  sent_at      timestamptz NOT NULL DEFAULT now(),
  paid_at      timestamptz,
  released_at  timestamptz,
  PRIMARY KEY (site_id, booking_id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE,
  CHECK (paid_at IS NULL OR released_at IS NULL)
);
CREATE UNIQUE INDEX booking_pay_links_token ON booking_pay_links (site_id, token_hash);
-- The release sweep reads the links still open, soonest due first, across sites.
CREATE INDEX booking_pay_links_open ON booking_pay_links (due_at) WHERE paid_at IS NULL AND released_at IS NULL;
