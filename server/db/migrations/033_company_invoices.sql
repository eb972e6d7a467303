-- Company accounts' invoices (issue 34; server/domain/invoices). One invoice per account and invoice period, numbered
-- from the site's one invoice counter (receipt_invoice_counters, migration 014: the receipts' VAT invoices and these
-- share one gapless sequence, so no two documents of a site carry the same INV- number). The counter row is locked
-- while a number is given, so a rolled-back run leaves no gap. Money in pence.
CREATE TABLE company_invoices (
  site_id              integer NOT NULL,
  id                   bigserial,
  account_id           bigint NOT NULL,
  invoice_number       integer NOT NULL CHECK (invoice_number > 0),
  period_start         date NOT NULL,
  -- The first day after the period: the invoice's date (the run mails it that day).
  period_end           date NOT NULL CHECK (period_end > period_start),
  due_on               date NOT NULL,
  issued_at            timestamptz NOT NULL DEFAULT now(),
  -- The account and the operator as they were when issued (the document never changes afterwards).
  account_name         text NOT NULL,
  billing_email        text NOT NULL,
  billing_address      text NOT NULL,
  customer_vat_number  text NOT NULL,
  operator_vat_number  text NOT NULL DEFAULT '',
  vat_rate_bp          integer NOT NULL CHECK (vat_rate_bp BETWEEN 0 AND 10000),
  prices_include_vat   boolean NOT NULL,
  net_pence            bigint NOT NULL CHECK (net_pence >= 0),
  vat_pence            bigint NOT NULL CHECK (vat_pence >= 0),
  total_pence          bigint NOT NULL CHECK (total_pence = net_pence + vat_pence),
  paid_pence           bigint NOT NULL DEFAULT 0 CHECK (paid_pence >= 0 AND paid_pence <= total_pence),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, invoice_number),
  -- The claim of the invoice run: one invoice per account and period, whichever process or run comes first.
  UNIQUE (site_id, account_id, period_start),
  FOREIGN KEY (site_id, account_id) REFERENCES company_accounts (site_id, id) ON DELETE CASCADE
);
CREATE INDEX company_invoices_owed ON company_invoices (site_id, account_id) WHERE paid_pence < total_pence;

-- The invoice's lines: each booking invoiced exactly once (the primary key is the booking).
CREATE TABLE company_invoice_lines (
  site_id         integer NOT NULL,
  booking_id      bigint NOT NULL,
  invoice_id      bigint NOT NULL,
  booking_number  text NOT NULL,
  pick_up_at      timestamptz NOT NULL,
  passenger_name  text NOT NULL,
  booker_name     text NOT NULL,
  route           text NOT NULL,
  po_number       text NOT NULL,
  cost_centre     text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('trip', 'cancellation_fee')),
  amount_pence    integer NOT NULL CHECK (amount_pence >= 0),
  PRIMARY KEY (site_id, booking_id),
  FOREIGN KEY (site_id, invoice_id) REFERENCES company_invoices (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
CREATE INDEX company_invoice_lines_invoice ON company_invoice_lines (site_id, invoice_id);

-- Payments the owner records against an invoice (full or part; the invoice's paid_pence never passes its total).
CREATE TABLE company_invoice_payments (
  site_id       integer NOT NULL,
  id            bigserial,
  invoice_id    bigint NOT NULL,
  amount_pence  integer NOT NULL CHECK (amount_pence > 0),
  received_on   date NOT NULL,
  reference     text NOT NULL DEFAULT '',
  recorded_by   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, invoice_id) REFERENCES company_invoices (site_id, id) ON DELETE CASCADE
);
CREATE INDEX company_invoice_payments_invoice ON company_invoice_payments (site_id, invoice_id);
