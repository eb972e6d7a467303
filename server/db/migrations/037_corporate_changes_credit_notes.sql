-- Issue 34, the corporate area's changes and the invoices' credit notes.
--
-- 1. A short-lived manage link for a company account's member (server/domain/companyAccounts/changeLink.ts): the
--    corporate area's "Change booking" opens the manage page with it, so a change goes through the manage link's one
--    change flow (its rules, prices and money). Such a link stops at expires_at (minutes, not the trip's 14 days);
--    a link mailed with the confirmation has none. Who it was handed to is kept.
ALTER TABLE booking_manage_links ADD COLUMN expires_at timestamptz;
ALTER TABLE booking_manage_links ADD COLUMN issued_to_passenger_id bigint;

-- 2. Credit notes (server/domain/invoices/creditNotes.ts). An issued invoice is never edited: when a booking on it is
--    later cancelled, refunded or changed to a lower price, the invoice run issues a credit note for the difference,
--    numbered CN-000001 in the site's own gapless credit note sequence (this counter row locked while a number is
--    given). It is set against the invoice it corrects (credited_pence: what the account owes goes down, ageing and
--    credit limit with it); what it credits beyond what the invoice still owed is owed back to the company
--    (refund_due_pence).
CREATE TABLE company_credit_note_counters (
  site_id      integer PRIMARY KEY,
  last_number  integer NOT NULL DEFAULT 0
);

ALTER TABLE company_invoices ADD COLUMN credited_pence bigint NOT NULL DEFAULT 0 CHECK (credited_pence >= 0);
ALTER TABLE company_invoices ADD CONSTRAINT company_invoices_settled_within_total CHECK (paid_pence + credited_pence <= total_pence);

CREATE TABLE company_credit_notes (
  site_id              integer NOT NULL,
  id                   bigserial,
  account_id           bigint NOT NULL,
  invoice_id           bigint NOT NULL,
  credit_number        integer NOT NULL CHECK (credit_number > 0),
  issued_on            date NOT NULL,
  issued_at            timestamptz NOT NULL DEFAULT now(),
  account_name         text NOT NULL,
  billing_email        text NOT NULL,
  billing_address      text NOT NULL,
  customer_vat_number  text NOT NULL,
  operator_vat_number  text NOT NULL DEFAULT '',
  vat_rate_bp          integer NOT NULL CHECK (vat_rate_bp BETWEEN 0 AND 10000),
  prices_include_vat   boolean NOT NULL,
  net_pence            bigint NOT NULL CHECK (net_pence >= 0),
  vat_pence            bigint NOT NULL CHECK (vat_pence >= 0),
  total_pence          bigint NOT NULL CHECK (total_pence > 0 AND total_pence = net_pence + vat_pence),
  -- Set against the invoice it corrects; the rest is owed back to the company.
  applied_pence        bigint NOT NULL CHECK (applied_pence >= 0),
  refund_due_pence     bigint NOT NULL CHECK (refund_due_pence >= 0 AND applied_pence + refund_due_pence = total_pence),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, credit_number),
  FOREIGN KEY (site_id, account_id) REFERENCES company_accounts (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, invoice_id) REFERENCES company_invoices (site_id, id) ON DELETE CASCADE
);
CREATE INDEX company_credit_notes_account ON company_credit_notes (site_id, account_id);

-- A credit note's lines: the booking, what the documents said before (its invoice line less earlier credits) and what
-- the ledger says now. The key is the booking and what it is credited down from: the same difference is never
-- credited twice, whichever run, process or retry comes first.
CREATE TABLE company_credit_note_lines (
  site_id         integer NOT NULL,
  credit_note_id  bigint NOT NULL,
  booking_id      bigint NOT NULL,
  booking_number  text NOT NULL,
  pick_up_at      timestamptz NOT NULL,
  passenger_name  text NOT NULL,
  route           text NOT NULL,
  reason          text NOT NULL CHECK (reason IN ('cancelled', 'refunded', 'changed')),
  before_pence    integer NOT NULL CHECK (before_pence > 0),
  after_pence     integer NOT NULL CHECK (after_pence >= 0 AND after_pence < before_pence),
  amount_pence    integer NOT NULL CHECK (amount_pence = before_pence - after_pence),
  PRIMARY KEY (site_id, booking_id, before_pence),
  FOREIGN KEY (site_id, credit_note_id) REFERENCES company_credit_notes (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE INDEX company_credit_note_lines_note ON company_credit_note_lines (site_id, credit_note_id);
