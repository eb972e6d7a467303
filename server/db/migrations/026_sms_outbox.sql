-- Text messages to passengers (issue 33): the SMS outbox, beside mail_outbox (migration 003). Domain code inserts a
-- row in the same transaction as the event's write; a dispatcher delivers queued rows after commit (outbox adapter:
-- a file in DATA_DIR/outbox; Twilio adapter: the Messages REST API) and retries failures with backoff.
-- event_key names the event the text is about ('booking_confirmed', 'driver_assigned:<assigned at>', 'reminder' …):
-- one text per booking and event, so an event processed twice, or by two processes at once, texts once.
CREATE TABLE sms_outbox (
  site_id          integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id               bigserial,
  booking_id       bigint NOT NULL,
  kind             text NOT NULL,                 -- booking_confirmed, driver_assigned, driver_on_the_way, driver_arrived, reminder, booking_cancelled
  event_key        text NOT NULL,
  to_number        text NOT NULL,                 -- E.164, a UK mobile (+447…)
  body             text NOT NULL,
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(), -- also the lease of a dispatcher that claimed the row
  transport        text,                          -- 'outbox' or 'twilio': which adapter delivered it
  provider_id      text,                          -- Twilio's message SID, or the outbox file
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX sms_outbox_event ON sms_outbox (site_id, booking_id, event_key);
CREATE INDEX sms_outbox_due ON sms_outbox (next_attempt_at) WHERE status = 'queued';
CREATE INDEX sms_outbox_recent ON sms_outbox (site_id, id DESC);
