-- Promo codes per site (issue 19; server/domain/promos). A code is kept in upper case, so it is unique per site
-- ignoring case. The discount is a whole percentage (1–100) of the booking's total or a fixed amount in pence once per
-- booking; valid_from/valid_to are London dates, inclusive, either open; caps are NULL for unlimited; categories are
-- vehicle category ids (empty = every category). Nothing is deleted: `active = false` switches a code off.
CREATE TABLE promo_codes (
  site_id            integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                 bigserial,
  code               text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  kind               text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  percent            integer CHECK (percent BETWEEN 1 AND 100),
  amount_pence       integer CHECK (amount_pence BETWEEN 1 AND 10000000),
  valid_from         date,
  valid_to           date CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from),
  total_cap          integer CHECK (total_cap IS NULL OR total_cap >= 1),
  per_passenger_cap  integer CHECK (per_passenger_cap IS NULL OR per_passenger_cap >= 1),
  min_fare_pence     integer NOT NULL DEFAULT 0 CHECK (min_fare_pence BETWEEN 0 AND 100000000),
  categories         integer[] NOT NULL DEFAULT '{}',
  active             boolean NOT NULL DEFAULT true,
  -- Uses counted against total_cap (reserved by a card payment or taken by a booking): bumped by a conditional
  -- UPDATE in the booking's own transaction, so the database refuses one use too many whatever the code does.
  uses               integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, code),
  CHECK ((kind = 'percent') = (percent IS NOT NULL)),
  CHECK ((kind = 'fixed') = (amount_pence IS NOT NULL)),
  CONSTRAINT promo_codes_within_total_cap CHECK (total_cap IS NULL OR uses <= total_cap)
);

-- One use per booking submission (request_key): a card payment reserves it when its intent is created (intent_id, the
-- latest intent of the submission), the booking turns it into `used` (booking_id). A reservation whose payment fails
-- or is abandoned is deleted and the code's counter given back. Per passenger (normalised e-mail) the uses take
-- numbered slots 1..per_passenger_cap, unique, chosen under the code's row lock. `counted = false` only for a paid
-- booking whose reservation had been released and whose code was used up meanwhile (a paid booking is never refused).
CREATE TABLE promo_code_uses (
  site_id          integer NOT NULL,
  id               bigserial,
  promo_id         bigint NOT NULL,
  request_key      text NOT NULL,
  passenger_email  text NOT NULL CHECK (passenger_email = lower(passenger_email)),
  slot             integer CHECK (slot IS NULL OR slot >= 1),
  state            text NOT NULL CHECK (state IN ('reserved', 'used')),
  counted          boolean NOT NULL DEFAULT true,
  intent_id        text,
  booking_id       bigint,
  discount_pence   integer NOT NULL CHECK (discount_pence >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, request_key),
  UNIQUE (site_id, promo_id, passenger_email, slot),
  CHECK ((state = 'used') = (booking_id IS NOT NULL)),
  FOREIGN KEY (site_id, promo_id) REFERENCES promo_codes (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE INDEX promo_code_uses_intent ON promo_code_uses (site_id, intent_id) WHERE intent_id IS NOT NULL;
CREATE INDEX promo_code_uses_promo ON promo_code_uses (site_id, promo_id, state);
