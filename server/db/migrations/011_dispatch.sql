-- Dispatch (issue 17): the operator moves a booking through contract/dispatch.ts's statechart, assigns a driver and a
-- vehicle from the site's registers, and the booking keeps both as they were at the time (the statutory record).

-- no_show: the passenger was not there (from accepted or driver_assigned). All of 009's statuses stay.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled', 'no_show'));

ALTER TABLE bookings
  -- Snapshots taken at assignment, never updated by a later edit of the registers:
  -- driver  { id, name, phone, licence_number, licensing_authority, licence_expiry }
  -- vehicle { id, registration, make, model, colour, category_id, category_name, licence_number, licence_expiry }
  ADD COLUMN assigned_driver jsonb,
  ADD COLUMN assigned_vehicle jsonb,
  ADD COLUMN accepted_at timestamptz,
  ADD COLUMN assigned_at timestamptz,
  ADD COLUMN completed_at timestamptz,
  ADD COLUMN no_show_at timestamptz,
  -- The operator's reason for a cancellation (contract/dispatch.ts CANCEL_REASONS) and its free-text note.
  ADD COLUMN cancel_reason text,
  ADD COLUMN cancel_note text,
  -- When the retention job blanked the passenger's personal data (the statutory fields stay).
  ADD COLUMN anonymised_at timestamptz;

-- The board pages by (pick-up time, id) within a site: keyset paging reads this index in order. It serves every
-- query of the old (site_id, pick_up_at) index, which it replaces.
CREATE INDEX bookings_board ON bookings (site_id, pick_up_at, id);
DROP INDEX bookings_pick_up;

-- The site's licensed drivers. A driver is never deleted (bookings name them): deactivated instead.
CREATE TABLE drivers (
  site_id              integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                   bigserial,
  name                 text NOT NULL,
  phone                text NOT NULL DEFAULT '',
  licence_number       text NOT NULL,           -- PHV driver licence
  licensing_authority  text NOT NULL,
  licence_expiry       date NOT NULL,
  active               boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE UNIQUE INDEX drivers_licence ON drivers (site_id, lower(licensing_authority), upper(licence_number));

-- The site's licensed vehicles; category_id is one of the site's vehicle_categories.
CREATE TABLE vehicles (
  site_id              integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                   bigserial,
  registration         text NOT NULL,           -- stored upper case without spaces
  make                 text NOT NULL,
  model                text NOT NULL,
  colour               text NOT NULL,
  category_id          integer NOT NULL,
  licence_number       text NOT NULL,           -- PHV vehicle licence
  licence_expiry       date NOT NULL,
  active               boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, category_id) REFERENCES vehicle_categories (site_id, id)
);
CREATE UNIQUE INDEX vehicles_registration ON vehicles (site_id, registration);
