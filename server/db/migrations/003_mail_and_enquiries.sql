-- The mail outbox (ARCHITECTURE §4): domain code inserts a row in the same transaction as its business write;
-- a dispatcher delivers queued rows after commit (outbox adapter: an .eml file; SMTP adapter: nodemailer) and
-- retries failures with backoff, so neither a crash nor an SMTP outage loses a message.
CREATE TABLE mail_outbox (
  site_id          integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id               bigserial,
  kind             text NOT NULL,                 -- quote_request_notice, contact_notice, password_reset_code ...
  to_address       text NOT NULL,
  from_address     text NOT NULL,                 -- '"Company_Name" <FROM_EMAIL>'
  reply_to         text,
  subject          text NOT NULL,
  text_body        text NOT NULL,
  html_body        text NOT NULL,
  sensitive        boolean NOT NULL DEFAULT false, -- holds a secret (reset code): bodies are blanked once delivered
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(), -- also the lease of a dispatcher that claimed the row
  transport        text,                          -- 'outbox' or 'smtp': which adapter delivered it
  message_id       text,                          -- the Message-ID header it was delivered with
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  PRIMARY KEY (site_id, id)
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'queued';

-- 'QUOTE NOW' requests (spec §3 Quote e-mail payload): trips the website could not price, or urgent ones.
CREATE TABLE quote_requests (
  site_id          integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id               bigserial,
  pickup_address   text NOT NULL DEFAULT '',
  dropoff_address  text NOT NULL DEFAULT '',
  pickup_date      date NOT NULL,                 -- Europe/London wall-clock date as typed
  pickup_time      text NOT NULL,                 -- as typed ('14:30', '2:30pm', '3pm')
  passenger_email  text NOT NULL,
  passenger_phone  text NOT NULL,
  passenger_name   text NOT NULL DEFAULT '',
  additional_info  text NOT NULL DEFAULT '',
  passengers       integer NOT NULL CHECK (passengers BETWEEN 1 AND 50),
  luggages         integer NOT NULL CHECK (luggages BETWEEN 0 AND 20),
  client_ip        text,
  mail_id          bigint,                        -- the operator notice in mail_outbox (null: no FROM_EMAIL set)
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE INDEX quote_requests_recent ON quote_requests (site_id, created_at DESC);

-- Contact Us messages (spec §3 Contact form; query reasons of spec §9).
CREATE TABLE contact_messages (
  site_id          integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id               bigserial,
  first_name       text NOT NULL DEFAULT '',
  last_name        text NOT NULL DEFAULT '',
  email            text NOT NULL DEFAULT '',
  telephone        text NOT NULL DEFAULT '',
  query_reason     text NOT NULL DEFAULT 'Booking' CHECK (query_reason IN ('Booking', 'Invoice', 'Complaint', 'Lost Item', 'Other')),
  booking_number   text NOT NULL DEFAULT '',
  comments         text NOT NULL DEFAULT '',
  client_ip        text,
  mail_id          bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE INDEX contact_messages_recent ON contact_messages (site_id, created_at DESC);

-- Fixed-window request counters shared by every server process (spam and credential rate limits).
-- bucket names the limit ('contact-us:ip', 'login:account' ...), subject the client address or the account.
CREATE TABLE rate_limit_hits (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  bucket        text NOT NULL,
  subject       text NOT NULL,
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, bucket, subject, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
