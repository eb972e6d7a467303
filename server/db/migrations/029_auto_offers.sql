-- Automatic offers (issue 33; server/domain/dispatch/autoOffers.ts): with the owner's AUTO_OFFERS switch on, the
-- server offers a booking that needs a driver to the best suitable driver on duty, one driver at a time, through the
-- same driver_offers rows a dispatcher's offer makes (migration 025). Several server processes may run the passes:
-- each decides a booking under its row lock (FOR UPDATE SKIP LOCKED), and the database refuses a second open automatic
-- offer of a booking or a driver, whichever process tries.

ALTER TABLE driver_offers
  -- Made by the system, not a dispatcher.
  ADD COLUMN automatic boolean NOT NULL DEFAULT false,
  -- The decision's words on the booking's timeline ("Mohammed: 1.2 km, about 4 min").
  ADD COLUMN auto_note text,
  -- When its outcome (declined, no answer) was written on the booking's timeline: written once.
  ADD COLUMN outcome_noted_at timestamptz;

-- One open automatic offer per booking, and per driver: no job is offered to two drivers at once by two processes,
-- and no driver is given two jobs at once.
CREATE UNIQUE INDEX driver_offers_auto_booking ON driver_offers (site_id, booking_id) WHERE state = 'open' AND automatic;
CREATE UNIQUE INDEX driver_offers_auto_driver ON driver_offers (site_id, driver_id) WHERE state = 'open' AND automatic;

-- What the automatic offers keep of a booking: where its pick-up is (placed once by the maps port, again when the
-- address changes), when they gave up on it and why (the needs-action queue reads it through autoOfferGaveUp), and
-- the last "nobody suitable" line written, so that line is written once rather than at every pass.
CREATE TABLE auto_offer_bookings (
  site_id          integer NOT NULL,
  booking_id       bigint NOT NULL,
  pickup_address   text,
  pickup_lat       double precision,
  pickup_lng       double precision,
  gave_up_at       timestamptz,
  gave_up_reason   text,
  last_note        text,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, booking_id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE INDEX auto_offer_bookings_gave_up ON auto_offer_bookings (site_id) WHERE gave_up_at IS NOT NULL;

-- The passes look for bookings waiting for a driver by pick-up time.
CREATE INDEX bookings_waiting_for_driver ON bookings (site_id, pick_up_at) WHERE status = 'accepted';
