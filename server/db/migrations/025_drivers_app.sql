-- The driver's app, server half (issue 32; server/domain/drivers): accounts for the register's drivers, their
-- sessions and set-password links, shifts, offers, the driver's steps of a job, status taps made once, positions.

-- A driver's sign-in: one per driver of the register (migration 011), per site. Deactivating the driver in the
-- register ends the account's sessions at once (every session check joins drivers.active).
CREATE TABLE driver_accounts (
  site_id        integer NOT NULL,
  driver_id      bigint NOT NULL,
  email          text NOT NULL,
  -- argon2id; null until the driver sets one through the mailed link.
  password_hash  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, driver_id),
  FOREIGN KEY (site_id, driver_id) REFERENCES drivers (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX driver_accounts_email ON driver_accounts (site_id, lower(email));

-- As staff_sessions (migration 010): 256 random bits in an HttpOnly cookie scoped to /api/driver, SHA-256 kept.
CREATE TABLE driver_sessions (
  site_id       integer NOT NULL,
  id            bigserial,
  driver_id     bigint NOT NULL,
  token_hash    bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, driver_id) REFERENCES driver_accounts (site_id, driver_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX driver_sessions_token ON driver_sessions (token_hash);
CREATE INDEX driver_sessions_driver ON driver_sessions (site_id, driver_id) WHERE revoked_at IS NULL;

CREATE TABLE driver_password_tokens (
  site_id     integer NOT NULL,
  id          bigserial,
  driver_id   bigint NOT NULL,
  token_hash  bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, driver_id) REFERENCES driver_accounts (site_id, driver_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX driver_password_tokens_token ON driver_password_tokens (token_hash);

CREATE TABLE driver_known_addresses (
  site_id          integer NOT NULL,
  driver_id        bigint NOT NULL,
  address_hash     bytea NOT NULL,
  last_success_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, driver_id, address_hash),
  FOREIGN KEY (site_id, driver_id) REFERENCES driver_accounts (site_id, driver_id) ON DELETE CASCADE
);

-- On duty with a vehicle, until ended_at. One open shift per driver, and one per vehicle.
CREATE TABLE driver_shifts (
  site_id     integer NOT NULL,
  id          bigserial,
  driver_id   bigint NOT NULL,
  vehicle_id  bigint NOT NULL,
  started_at  timestamptz NOT NULL,
  ended_at    timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, driver_id) REFERENCES drivers (site_id, id),
  FOREIGN KEY (site_id, vehicle_id) REFERENCES vehicles (site_id, id)
);
CREATE UNIQUE INDEX driver_shifts_open_driver ON driver_shifts (site_id, driver_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX driver_shifts_open_vehicle ON driver_shifts (site_id, vehicle_id) WHERE ended_at IS NULL;

-- A job offered to a driver (with the vehicle of their shift) until expires_at. 'open' past expires_at is read as
-- expired (and written so by the next read); 'withdrawn' when another driver won it or the office assigned it;
-- 'ended' when an accepted job was later taken off the driver. At most one accepted offer per booking: the
-- database decides a race between drivers.
CREATE TABLE driver_offers (
  site_id      integer NOT NULL,
  id           bigserial,
  booking_id   bigint NOT NULL,
  driver_id    bigint NOT NULL,
  vehicle_id   bigint NOT NULL,
  offered_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'declined', 'expired', 'withdrawn', 'ended')),
  answered_at  timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, driver_id) REFERENCES drivers (site_id, id)
);
CREATE UNIQUE INDEX driver_offers_won ON driver_offers (site_id, booking_id) WHERE state = 'accepted';
CREATE UNIQUE INDEX driver_offers_open ON driver_offers (site_id, booking_id, driver_id) WHERE state = 'open';
CREATE INDEX driver_offers_driver ON driver_offers (site_id, driver_id, state);

-- The driver's part of a job (contract/dispatch.ts DRIVER_STEP_TRANSITIONS) while the booking is driver_assigned:
-- null (assigned, not started) → on_the_way → arrived → on_board; completed / no_show are booking statuses.
ALTER TABLE bookings
  ADD COLUMN job_stage text CHECK (job_stage IN ('on_the_way', 'arrived', 'on_board')),
  ADD COLUMN on_the_way_at timestamptz,
  ADD COLUMN arrived_at timestamptz,
  ADD COLUMN on_board_at timestamptz;
-- A driver's jobs.
CREATE INDEX bookings_driver_jobs ON bookings (site_id, ((assigned_driver ->> 'id')::bigint), pick_up_at) WHERE assigned_driver IS NOT NULL;

-- Each status tap of the app carries a key the phone made (a UUID): the first answer is kept and a replay gets it,
-- so a tap sent twice (offline queue, a lost answer) is applied once.
CREATE TABLE driver_taps (
  site_id          integer NOT NULL,
  driver_id        bigint NOT NULL,
  idempotency_key  uuid NOT NULL,
  -- What was tapped: 'accept:<offer id>', 'decline:<offer id>', '<step>:<booking number>'.
  target           text NOT NULL,
  status_code      integer NOT NULL,
  answer           jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, driver_id, idempotency_key)
);

-- The latest trusted position of each driver on duty, and every report while on duty (booking_id while on a job:
-- the job's trail). A report at an impossible speed from the last trusted one is kept, flagged, and not used.
CREATE TABLE driver_positions (
  site_id      integer NOT NULL,
  driver_id    bigint NOT NULL,
  lat          double precision NOT NULL,
  lng          double precision NOT NULL,
  accuracy_m   real,
  recorded_at  timestamptz NOT NULL,
  PRIMARY KEY (site_id, driver_id)
);
CREATE TABLE driver_position_reports (
  site_id      integer NOT NULL,
  id           bigserial,
  driver_id    bigint NOT NULL,
  booking_id   bigint,
  lat          double precision NOT NULL,
  lng          double precision NOT NULL,
  accuracy_m   real,
  recorded_at  timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  flagged      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE INDEX driver_position_reports_job ON driver_position_reports (site_id, booking_id, id) WHERE booking_id IS NOT NULL;

-- Driver steps are audited as the driver's.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check CHECK (actor_kind IN ('staff', 'admin-token', 'driver'));
ALTER TABLE audit_log ADD COLUMN actor_driver_id bigint;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_driver_actor CHECK ((actor_kind = 'driver') = (actor_driver_id IS NOT NULL));
