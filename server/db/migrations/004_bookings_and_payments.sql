-- Bookings: what a UK private-hire operator must record for each booking (when it was made, journey date and
-- time, passenger and contact, pickup, destination and stops, the fare quoted with its breakdown, the
-- sub-contracted company, vehicle category and quantity, options, flight numbers, payment) plus dispatch columns.
CREATE TABLE bookings (
  site_id               integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                    bigserial,
  booking_number        text NOT NULL,
  request_key           text NOT NULL,            -- sha-256 of the submission: identical submissions make one booking
  created_at            timestamptz NOT NULL DEFAULT now(),
  status                text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled', 'completed')),
  ride_type             text NOT NULL CHECK (ride_type IN ('Q', 'H')),
  booking_type          text NOT NULL,
  quote_id              text NOT NULL,
  company_id            integer NOT NULL,
  company_name          text NOT NULL,
  vehicle_id            integer NOT NULL,
  vehicle_category      text NOT NULL,
  vehicle_qty           integer NOT NULL CHECK (vehicle_qty BETWEEN 1 AND 6),
  passenger_id          bigint,
  passenger_mode        text NOT NULL CHECK (passenger_mode IN ('guest_login', 'new_client', 'existing_client', 'corporate')),
  passenger_name        text NOT NULL,
  passenger_email       text NOT NULL,
  passenger_phone       text NOT NULL,
  total_passengers      integer NOT NULL,
  additional_info       text NOT NULL DEFAULT '',
  return_additional_info text NOT NULL DEFAULT '',
  pick_up_address       text NOT NULL,
  drop_off_address      text NOT NULL DEFAULT '',
  pick_up_at            timestamptz NOT NULL,     -- the instant; pick_up_date/time are the London wall-clock as typed
  pick_up_date          date NOT NULL,
  pick_up_time          text NOT NULL,
  return_at             timestamptz,
  return_date           date,
  return_time           text,
  hourly_duration       integer,
  flight_no             text NOT NULL DEFAULT '',
  return_flight_no      text NOT NULL DEFAULT '',
  options               jsonb NOT NULL,           -- luggages, seats, meet and greet, wheelchair, waiting, both legs
  distance_miles        numeric(8, 2),
  duration_seconds      integer,
  distance_estimated    boolean NOT NULL DEFAULT true,
  currency              text NOT NULL,
  unit_price_pence      integer NOT NULL CHECK (unit_price_pence >= 0),
  total_pence           integer NOT NULL CHECK (total_pence >= 0),
  breakdown             jsonb NOT NULL,
  payment_method        text NOT NULL CHECK (payment_method IN ('car', 'card')),
  payment_status        text NOT NULL CHECK (payment_status IN ('due_to_driver', 'paid')),
  payment_intent_id     text,
  driver_name           text,
  vehicle_registration  text,
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, booking_number),
  UNIQUE (site_id, request_key),
  UNIQUE (site_id, payment_intent_id)
);
CREATE INDEX bookings_passenger ON bookings (site_id, passenger_id, created_at DESC);
CREATE INDEX bookings_pick_up ON bookings (site_id, pick_up_at);

CREATE TABLE booking_stops (
  site_id            integer NOT NULL,
  booking_id         bigint NOT NULL,
  position           integer NOT NULL,
  stop_address       text NOT NULL,
  stop_post_code     text NOT NULL DEFAULT '',
  stop_street_number text NOT NULL DEFAULT '',
  PRIMARY KEY (site_id, booking_id, position),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);

-- Our record of every card payment, whichever processor: the amount we computed, the quote and the booking
-- submission it pays for, and the booking it became. A paid intent is bound to exactly one booking.
CREATE TABLE payments (
  site_id            integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  intent_id          text NOT NULL,
  provider           text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  amount_pence       integer NOT NULL CHECK (amount_pence > 0),
  currency           text NOT NULL,
  request_key        text NOT NULL,
  submission         jsonb NOT NULL,            -- the booking create payload, so a webhook can finish the booking
  status             text NOT NULL,
  booking_id         bigint,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, intent_id)
);
CREATE INDEX payments_request ON payments (site_id, request_key);

-- The sandbox card processor's own intents (TEST MODE; Stripe keeps its own).
CREATE TABLE sandbox_intents (
  site_id            integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                 text NOT NULL,
  status             text NOT NULL,
  amount             integer NOT NULL,
  currency           text NOT NULL,
  client_secret      text NOT NULL,
  payment_method_id  text NOT NULL,
  idempotency_key    text NOT NULL,
  metadata           jsonb NOT NULL DEFAULT '{}',
  last_error         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, idempotency_key)
);

-- Stripe webhook events already handled: a replay is acknowledged and ignored.
CREATE TABLE webhook_events (
  event_id     text PRIMARY KEY,
  received_at  timestamptz NOT NULL DEFAULT now()
);
