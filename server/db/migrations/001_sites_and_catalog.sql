-- A site is one operator's booking website (ARCHITECTURE §9). Every operator table is scoped by site_id.
CREATE TABLE sites (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  public_key  text NOT NULL UNIQUE,
  secret_key  text NOT NULL,
  hosts       text[] NOT NULL DEFAULT '{}',
  is_default  boolean NOT NULL DEFAULT false,
  base_lat    double precision,
  base_lon    double precision,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;

CREATE TABLE settings (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  setting_name  text NOT NULL,
  setting_value text,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, setting_name)
);

-- The operator companies whose vehicles are listed (multi-operator mode); rating 1..5.
CREATE TABLE companies (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id            integer NOT NULL,
  company_name  text NOT NULL,
  rating        numeric(2, 1) NOT NULL DEFAULT 4.5,
  active        boolean NOT NULL DEFAULT true,
  PRIMARY KEY (site_id, id)
);

-- Vehicle categories of the fleet (spec §3 Fleet item).
CREATE TABLE vehicle_categories (
  site_id        integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id             integer NOT NULL,
  category_name  text NOT NULL,
  vehicle_img    text NOT NULL,
  seats          integer NOT NULL CHECK (seats > 0),
  luggage        integer NOT NULL CHECK (luggage >= 0),
  hand_luggage   integer NOT NULL CHECK (hand_luggage >= 0),
  wheelchair     boolean NOT NULL DEFAULT false,
  sort_order     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, id)
);

-- Saved addresses and popular pickup locations, with coordinates for the offline maps adapter.
CREATE TABLE addresses (
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id          integer NOT NULL,
  address     text NOT NULL,
  lat         double precision NOT NULL,
  lon         double precision NOT NULL,
  kind        text NOT NULL DEFAULT 'airport' CHECK (kind IN ('airport', 'station', 'hotel', 'place')),
  popular     boolean NOT NULL DEFAULT false,
  sort_order  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, id)
);

-- Customers and corporate passengers; password_hash is argon2id.
CREATE TABLE passengers (
  site_id        integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id             bigserial,
  name           text NOT NULL,
  email          text NOT NULL,
  phone          text NOT NULL DEFAULT '',
  password_hash  text,
  is_corporate   boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE UNIQUE INDEX passengers_email ON passengers (site_id, lower(email));
