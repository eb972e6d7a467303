-- Issue 34, debits: a booking on an issued invoice that the ledger later bills for more (a change re-priced higher on
-- account) is billed the difference as a line of the account's next invoice (kind 'change': "Change to booking CF-…
-- after invoice INV-…"), never by editing the issued one. A later fall credits only what the documents billed.
--
-- Every document line of a booking carries what the documents had billed it before that line, so the key of each
-- line is unique whatever sequence of rises and falls: an invoice line's billed_before_pence (0 for the booking's own
-- line, its invoice line plus earlier changes for a change), a credit note line's credited_before_pence (what earlier
-- credit notes took off it). Two runs computing the same difference from the same documents collide on the key.
ALTER TABLE company_invoice_lines ADD COLUMN billed_before_pence integer NOT NULL DEFAULT 0 CHECK (billed_before_pence >= 0);
ALTER TABLE company_invoice_lines ADD COLUMN corrects_invoice_id bigint;
ALTER TABLE company_invoice_lines DROP CONSTRAINT company_invoice_lines_kind_check;
ALTER TABLE company_invoice_lines ADD CONSTRAINT company_invoice_lines_kind_check CHECK (
  (kind IN ('trip', 'cancellation_fee') AND billed_before_pence = 0 AND corrects_invoice_id IS NULL)
  OR (kind = 'change' AND amount_pence > 0 AND corrects_invoice_id IS NOT NULL));
ALTER TABLE company_invoice_lines DROP CONSTRAINT company_invoice_lines_pkey;
ALTER TABLE company_invoice_lines ADD PRIMARY KEY (site_id, booking_id, kind, billed_before_pence);
-- A booking's own line (trip or fee) once, whatever its kind.
CREATE UNIQUE INDEX company_invoice_lines_booking ON company_invoice_lines (site_id, booking_id) WHERE kind <> 'change';

ALTER TABLE company_credit_note_lines ADD COLUMN credited_before_pence integer NOT NULL DEFAULT 0 CHECK (credited_before_pence >= 0);
UPDATE company_credit_note_lines l SET credited_before_pence = COALESCE((SELECT sum(e.amount_pence) FROM company_credit_note_lines e
  WHERE e.site_id = l.site_id AND e.booking_id = l.booking_id AND e.before_pence > l.before_pence), 0);
ALTER TABLE company_credit_note_lines DROP CONSTRAINT company_credit_note_lines_pkey;
ALTER TABLE company_credit_note_lines ADD PRIMARY KEY (site_id, booking_id, credited_before_pence);
