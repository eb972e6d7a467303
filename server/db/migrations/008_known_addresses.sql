-- Addresses from which a passenger's password was checked successfully (ARCHITECTURE §8). Such an address is spared
-- the account-wide limit of wrong passwords, so nobody else's failures lock the owner out of a place they use.
-- The address is kept as a SHA-256 of the limit's address subject (an IPv4 address, or an IPv6 /64), for 90 days
-- after its last success.
CREATE TABLE passenger_known_addresses (
  site_id          integer NOT NULL,
  passenger_id     bigint NOT NULL,
  address_hash     bytea NOT NULL,
  last_success_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, passenger_id, address_hash),
  FOREIGN KEY (site_id, passenger_id) REFERENCES passengers (site_id, id) ON DELETE CASCADE
);
CREATE INDEX passenger_known_addresses_age ON passenger_known_addresses (last_success_at);
