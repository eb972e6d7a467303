-- The operator's staff (issue 17): accounts per site, separate from passengers, their sessions, set-password links,
-- the addresses they signed in from, and the audit log of every change made through the admin API.

CREATE TABLE staff (
  site_id        integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id             bigserial,
  email          text NOT NULL,
  name           text NOT NULL,
  role           text NOT NULL CHECK (role IN ('owner', 'dispatcher')),
  -- argon2id; null until the member sets one through the mailed link.
  password_hash  text,
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE UNIQUE INDEX staff_email ON staff (site_id, lower(email));

-- A session cookie's token: 256 random bits, only the SHA-256 kept (as passenger_sessions). It ends when revoked,
-- at expires_at (absolute, from sign-in) or after an idle period without a request (last_seen_at, see the code).
CREATE TABLE staff_sessions (
  site_id       integer NOT NULL,
  id            bigserial,
  staff_id      bigint NOT NULL,
  token_hash    bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, staff_id) REFERENCES staff (site_id, id) ON DELETE CASCADE
);
-- The cookie names no site: a token is looked up on its own.
CREATE UNIQUE INDEX staff_sessions_token ON staff_sessions (token_hash);
CREATE INDEX staff_sessions_staff ON staff_sessions (site_id, staff_id) WHERE revoked_at IS NULL;

-- Set-password links (a new member's first password, or a new one an owner sends): single use, 24 hours, hash only.
CREATE TABLE staff_password_tokens (
  site_id     integer NOT NULL,
  id          bigserial,
  staff_id    bigint NOT NULL,
  token_hash  bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, staff_id) REFERENCES staff (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX staff_password_tokens_token ON staff_password_tokens (token_hash);

-- Addresses a member's password was right from (SHA-256 of the address subject): exempt from the per-account day
-- limit of wrong passwords, as passenger_known_addresses.
CREATE TABLE staff_known_addresses (
  site_id          integer NOT NULL,
  staff_id         bigint NOT NULL,
  address_hash     bytea NOT NULL,
  last_success_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, staff_id, address_hash),
  FOREIGN KEY (site_id, staff_id) REFERENCES staff (site_id, id) ON DELETE CASCADE
);

-- Who changed what, written in the transaction of the change. actor_kind 'admin-token' is automation and the CLI.
-- entity_id is text: a booking is named by its number, a setting by its name.
CREATE TABLE audit_log (
  site_id         integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id              bigserial,
  at              timestamptz NOT NULL DEFAULT now(),
  actor_kind      text NOT NULL CHECK (actor_kind IN ('staff', 'admin-token')),
  actor_staff_id  bigint,
  action          text NOT NULL,
  entity_type     text NOT NULL,
  entity_id       text NOT NULL,
  before          jsonb,
  after           jsonb,
  PRIMARY KEY (site_id, id),
  CHECK ((actor_kind = 'staff') = (actor_staff_id IS NOT NULL))
);
CREATE INDEX audit_log_entity ON audit_log (site_id, entity_type, entity_id, id);
