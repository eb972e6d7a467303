-- Passenger sign-in sessions (ARCHITECTURE §8): the bearer token is 256 random bits given to the browser once;
-- only its SHA-256 is stored. A session ends when it expires, at logout, or when the password is reset.
CREATE TABLE passenger_sessions (
  site_id       integer NOT NULL,
  id            bigserial,
  passenger_id  bigint NOT NULL,
  token_hash    bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, passenger_id) REFERENCES passengers (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX passenger_sessions_token ON passenger_sessions (site_id, token_hash);
CREATE INDEX passenger_sessions_passenger ON passenger_sessions (site_id, passenger_id) WHERE revoked_at IS NULL;

-- Forgot-password codes: 6 digits, stored as a salted SHA-256, valid 10 minutes, at most 5 wrong tries, single use;
-- a new request supersedes the previous code.
CREATE TABLE password_reset_codes (
  site_id          integer NOT NULL,
  id               bigserial,
  passenger_id     bigint NOT NULL,
  code_salt        bytea NOT NULL,
  code_hash        bytea NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  failed_attempts  integer NOT NULL DEFAULT 0,
  verified_at      timestamptz,
  used_at          timestamptz,
  superseded_at    timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, passenger_id) REFERENCES passengers (site_id, id) ON DELETE CASCADE
);
CREATE INDEX password_reset_codes_live ON password_reset_codes (site_id, passenger_id) WHERE used_at IS NULL AND superseded_at IS NULL;
