-- Pricing data per site: tariffs per company x vehicle category, dated surcharges, banned addresses
-- (see server/domain/pricing/tariffs.sql.md), and the stored quotes that prices are taken from (CLARIFICATIONS 3).
-- What each operator company charges for each vehicle category, from a London date.
CREATE TABLE tariffs (
  site_id                         integer NOT NULL,
  company_id                      integer NOT NULL,
  vehicle_id                      integer NOT NULL,
  valid_from                      date NOT NULL,
  base_fare_pence                 integer NOT NULL CHECK (base_fare_pence >= 0),
  mile_bands                      jsonb NOT NULL CHECK (jsonb_typeof(mile_bands) = 'array'),
  minimum_fare_pence              integer NOT NULL DEFAULT 0 CHECK (minimum_fare_pence >= 0),
  per_extra_stop_pence            integer NOT NULL DEFAULT 0 CHECK (per_extra_stop_pence >= 0),
  hourly_rate_pence               integer CHECK (hourly_rate_pence > 0),
  hourly_included_miles_per_hour  integer NOT NULL DEFAULT 0 CHECK (hourly_included_miles_per_hour >= 0),
  hourly_extra_mile_pence         integer CHECK (hourly_extra_mile_pence >= 0),
  PRIMARY KEY (site_id, company_id, vehicle_id, valid_from),
  FOREIGN KEY (site_id, company_id) REFERENCES companies (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, vehicle_id) REFERENCES vehicle_categories (site_id, id) ON DELETE CASCADE
);

-- Time and place surcharges, as dated rows.
CREATE TABLE surcharges (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id            bigserial,
  code          text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('night', 'bank_holiday', 'airport_pickup', 'airport_dropoff', 'congestion_charge', 'ulez')),
  label         text NOT NULL,
  valid_from    date NOT NULL,
  valid_to      date CHECK (valid_to IS NULL OR valid_to > valid_from),
  percent       numeric(5, 2) CHECK (percent >= 0),
  amount_pence  integer CHECK (amount_pence >= 0),
  airport       text CHECK (airport ~ '^[A-Z]{3}$'),
  start_time    time,
  end_time      time,
  company_ids   integer[],
  vehicle_ids   integer[],
  PRIMARY KEY (site_id, id),
  CHECK ((kind IN ('night', 'bank_holiday')) = (percent IS NOT NULL)),
  CHECK ((kind IN ('night', 'bank_holiday')) = (amount_pence IS NULL)),
  CHECK ((kind IN ('airport_pickup', 'airport_dropoff')) = (airport IS NOT NULL)),
  CHECK ((kind = 'night') = (start_time IS NOT NULL AND end_time IS NOT NULL))
);
CREATE INDEX surcharges_site ON surcharges (site_id, code, valid_from);

-- Addresses the operator will not serve.
CREATE TABLE banned_addresses (
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id          bigserial,
  pattern     text NOT NULL CHECK (length(pattern) BETWEEN 3 AND 300),
  reason      text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);

-- A priced search. Its rows are the only prices a payment or booking may use; it expires after about 30 minutes.
CREATE TABLE quotes (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id            text NOT NULL,
  booking_type  text NOT NULL CHECK (booking_type IN ('milleage', 'hourly')),
  form          jsonb NOT NULL,        -- the normalised BookingForm or HourlyRateForm
  trip          jsonb,                 -- routed legs (mileage) or the pickup point (hourly)
  rows          jsonb NOT NULL,        -- the price details as answered
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  PRIMARY KEY (site_id, id)
);
CREATE INDEX quotes_expiry ON quotes (expires_at);
