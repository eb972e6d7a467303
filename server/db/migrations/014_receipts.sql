-- Receipts (issue 18): a VAT-registered operator's receipts are VAT invoices, numbered sequentially per site. A
-- booking's number is given once, at its first receipt, and kept: every later download shows the same number.
-- Numbers are taken from the site's counter row, locked while one is given, so concurrent first downloads of one
-- booking get one number and the sequence has no gaps.
CREATE TABLE receipt_invoice_counters (
  site_id      integer PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  last_number  integer NOT NULL DEFAULT 0 CHECK (last_number >= 0)
);

CREATE TABLE receipt_invoices (
  site_id         integer NOT NULL,
  booking_id      bigint NOT NULL,
  invoice_number  integer NOT NULL CHECK (invoice_number > 0),
  issued_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, booking_id),
  UNIQUE (site_id, invoice_number),
  FOREIGN KEY (site_id, booking_id) REFERENCES bookings (site_id, id) ON DELETE CASCADE
);
