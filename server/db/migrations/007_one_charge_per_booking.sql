-- One booking, at most one successful charge (issue 15). A booking submission is one request_key; each of its card
-- payments (one intent per card or attempt) moves through `charge`:
--   open       created, nothing asked of the processor yet
--   claimed    the submission's one charging slot: being confirmed, or waiting for 3-D Secure / processing
--   succeeded  the charge that paid the booking
--   failed     declined or failed authentication: the slot is free again for another card
--   duplicate  charged although another charge had already paid the booking: refunded automatically (refunds)
-- The partial unique index is the invariant: per site and submission at most one payment is claimed or succeeded.
ALTER TABLE payments
  ADD COLUMN charge text NOT NULL DEFAULT 'open' CHECK (charge IN ('open', 'claimed', 'succeeded', 'failed', 'duplicate')),
  -- sha-256 of what the paying browser sent (vehicle, passenger mode, registration without the password): only the
  -- same submission re-sending a paid intent id gets the booking's details back.
  ADD COLUMN submission_digest text,
  -- What has been given back so far; never more than was paid.
  ADD COLUMN refunded_pence integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD CONSTRAINT payments_refund_within_amount CHECK (refunded_pence >= 0 AND refunded_pence <= amount_pence);

-- Payments already made: the one bound to its booking paid it; a submission's other successes were second charges.
UPDATE payments p SET charge = 'succeeded'
  FROM bookings b
 WHERE b.site_id = p.site_id AND b.payment_intent_id = p.intent_id AND p.status = 'succeeded';
UPDATE payments p SET charge = 'succeeded'
 WHERE p.status = 'succeeded'
   AND NOT EXISTS (SELECT 1 FROM payments o WHERE o.site_id = p.site_id AND o.request_key = p.request_key AND o.charge = 'succeeded')
   AND p.intent_id = (SELECT min(q.intent_id) FROM payments q WHERE q.site_id = p.site_id AND q.request_key = p.request_key AND q.status = 'succeeded');
UPDATE payments SET charge = 'duplicate' WHERE status = 'succeeded' AND charge = 'open';

CREATE UNIQUE INDEX payments_one_charge ON payments (site_id, request_key) WHERE charge IN ('claimed', 'succeeded');

-- Money given back, whatever the reason: a second charge for one booking (automatic), a passenger's cancellation,
-- an operator's decision. Partial and repeated refunds of one payment are rows of their own; the idempotency key
-- (also sent to the processor) makes paying one refund twice impossible, and payments.refunded_pence (updated in the
-- same transaction) can never exceed what was paid.
CREATE TABLE refunds (
  site_id            integer NOT NULL,
  id                 bigserial,
  intent_id          text NOT NULL,
  booking_id         bigint,                    -- the booking the money was paid for, when there is one
  amount_pence       integer NOT NULL CHECK (amount_pence > 0),
  currency           text NOT NULL,
  reason             text NOT NULL CHECK (reason IN ('duplicate_charge', 'cancellation', 'operator')),
  idempotency_key    text NOT NULL,
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  provider_refund_id text,
  last_error         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, idempotency_key),
  FOREIGN KEY (site_id, intent_id) REFERENCES payments (site_id, intent_id) ON DELETE CASCADE
);
CREATE INDEX refunds_intent ON refunds (site_id, intent_id);

-- The sandbox processor's own refunds (TEST MODE; Stripe keeps its own), with the same rules as Stripe's.
ALTER TABLE sandbox_intents ADD COLUMN amount_refunded integer NOT NULL DEFAULT 0;
ALTER TABLE sandbox_intents ADD CONSTRAINT sandbox_refund_within_amount CHECK (amount_refunded >= 0 AND amount_refunded <= amount);
CREATE TABLE sandbox_refunds (
  site_id          integer NOT NULL,
  id               text NOT NULL,
  intent_id        text NOT NULL,
  amount           integer NOT NULL CHECK (amount > 0),
  idempotency_key  text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, idempotency_key),
  FOREIGN KEY (site_id, intent_id) REFERENCES sandbox_intents (site_id, id) ON DELETE CASCADE
);
