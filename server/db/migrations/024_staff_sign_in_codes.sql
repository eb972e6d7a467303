-- Issue 30 (9): a one-time sign-in code mailed to a staff member whose password was right from an address that is not
-- known while the account-wide limit of wrong passwords holds (so nobody else's guesses lock the member out). 6 digits,
-- stored as a salted SHA-256, valid 15 minutes, at most 5 wrong tries, single use, and it signs in only together with
-- the right password; a new code ends the earlier ones.
CREATE TABLE staff_sign_in_codes (
  site_id          integer NOT NULL,
  id               bigserial,
  staff_id         bigint NOT NULL,
  code_salt        bytea NOT NULL,
  code_hash        bytea NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  failed_attempts  integer NOT NULL DEFAULT 0,
  used_at          timestamptz,
  superseded_at    timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, staff_id) REFERENCES staff (site_id, id) ON DELETE CASCADE
);
CREATE INDEX staff_sign_in_codes_live ON staff_sign_in_codes (site_id, staff_id) WHERE used_at IS NULL AND superseded_at IS NULL;
