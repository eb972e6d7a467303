-- The console's enquiries inbox and mail outbox (issue 17): a QUOTE NOW request or a Contact Us message is open,
-- answered (a reply was mailed) or closed; each reply a staff member mails is kept with the enquiry; a QUOTE NOW
-- request may be answered with a priced quote the visitor books through a link.

ALTER TABLE quote_requests
  ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  ADD COLUMN status_changed_at timestamptz;
ALTER TABLE contact_messages
  ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  ADD COLUMN status_changed_at timestamptz;

-- The inbox pages newest first within a site, optionally by status: keyset paging reads these in order.
CREATE INDEX quote_requests_inbox ON quote_requests (site_id, status, created_at DESC, id DESC);
CREATE INDEX contact_messages_inbox ON contact_messages (site_id, status, created_at DESC, id DESC);

-- Both kinds as one list. kind 'quote' is a quote_requests row, 'contact' a contact_messages row.
CREATE VIEW enquiry_inbox AS
  SELECT site_id, 'quote'::text AS kind, id, created_at, status, status_changed_at,
         passenger_name AS name, passenger_email AS email, passenger_phone AS phone,
         left(pickup_address || ' → ' || dropoff_address, 200) AS summary
    FROM quote_requests
  UNION ALL
  SELECT site_id, 'contact'::text AS kind, id, created_at, status, status_changed_at,
         btrim(first_name || ' ' || last_name) AS name, email, telephone AS phone,
         left(query_reason || ': ' || comments, 200) AS summary
    FROM contact_messages;

-- A priced quote offered to a QUOTE NOW visitor: one vehicle of a stored quote (quotes.id), kept bookable until
-- expires_at. The link carries 256 random bits; only their SHA-256 is kept (as booking_manage_links).
CREATE TABLE quote_offers (
  site_id           integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                bigserial,
  quote_request_id  bigint NOT NULL,
  quote_id          text NOT NULL,
  vehicle_id        integer NOT NULL,
  company_id        integer NOT NULL,
  vehicle_type      text NOT NULL,
  company_name      text NOT NULL,
  price_pence       integer NOT NULL CHECK (price_pence > 0), -- the final price when offered (the booking re-prices)
  token_hash        bytea NOT NULL,
  expires_at        timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, quote_request_id) REFERENCES quote_requests (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX quote_offers_token ON quote_offers (token_hash);

-- The replies mailed from the console. reply_key is the console's key of one composed reply: the same key again
-- (a double click, a retry) is the same reply, never a second mail.
CREATE TABLE enquiry_replies (
  site_id         integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id              bigserial,
  enquiry_kind    text NOT NULL CHECK (enquiry_kind IN ('quote', 'contact')),
  enquiry_id      bigint NOT NULL,
  reply_key       text NOT NULL,
  actor_kind      text NOT NULL CHECK (actor_kind IN ('staff', 'admin-token')),
  staff_id        bigint,
  author_name     text NOT NULL,
  body            text NOT NULL,
  mail_id         bigint NOT NULL,
  quote_offer_id  bigint,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE UNIQUE INDEX enquiry_replies_key ON enquiry_replies (site_id, enquiry_kind, enquiry_id, reply_key);

-- A resend is a new row naming the one it copies. (The outbox pages newest first on its primary key.)
ALTER TABLE mail_outbox ADD COLUMN resend_of bigint;
