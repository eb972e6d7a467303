-- Settings previews (issue 19): the owner's unsaved settings, kept for a short while under a random token so the
-- console's preview frame can load the public site with them applied. Any server process finds them (the frame's
-- requests may reach another process than the console's). Only the token's SHA-256 is kept; a preview belongs to one
-- site and expires; expired rows are deleted whenever a preview is made.
CREATE TABLE settings_previews (
  token_hash  bytea PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  -- The draft as PUT /api/admin/settings takes it: {name: value or null}, checked by contract/settingsCatalogue.ts.
  changes     jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX settings_previews_expiry ON settings_previews (expires_at);
