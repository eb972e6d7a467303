-- Flight arrivals (issue 33): per booking picked up at an airport with a flight number, the flight as the provider
-- (FlightAware AeroAPI) last answered it, the look-ups spent on it, when the sweep looks again, and the expected arrival
-- a dispatcher typed. The driver's due time is computed from these with the owner's airport waits (settings).
CREATE TABLE booking_flights (
  site_id               integer NOT NULL,
  booking_id            bigint NOT NULL,
  flight_number         text NOT NULL,             -- normalised: upper case, no spaces (BA117)
  airport_iata          text,                      -- the pick-up airport
  scheduled_arrival_at  timestamptz,
  estimated_arrival_at  timestamptz,
  actual_arrival_at     timestamptz,
  status                text NOT NULL DEFAULT '',  -- the provider's words
  cancelled             boolean NOT NULL DEFAULT false,
  diverted              boolean NOT NULL DEFAULT false,
  origin_iata           text,
  origin_city           text,
  domestic              boolean,                   -- from an airport in the UK: the domestic wait
  fa_flight_id          text,
  last_checked_at       timestamptz,
  last_result           text CHECK (last_result IN ('found', 'not_found', 'refused', 'rate_limited', 'failed')),
  lookups_used          integer NOT NULL DEFAULT 0 CHECK (lookups_used >= 0),
  claimed_at            timestamptz,               -- the last look-up's claim: one process calls the provider at a time
  next_check_at         timestamptz,               -- the sweep's next look; null: not followed (no key, done, budget spent)
  manual_arrival_at     timestamptz,               -- typed by a dispatcher: wins over the provider's
  manual_set_at         timestamptz,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, booking_id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE INDEX booking_flights_next_check ON booking_flights (next_check_at) WHERE next_check_at IS NOT NULL;
