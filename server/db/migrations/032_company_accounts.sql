-- Company accounts (issue 34; server/domain/companyAccounts). A company books on account: its members are passengers
-- of the site with a role (admin: every booking of the account, invites and removes members; booker: books, sees the
-- bookings they made or travel on). A passenger belongs to at most one account. Money in pence.
CREATE TABLE company_accounts (
  site_id               integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id                    bigserial,
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  billing_email         text NOT NULL,
  billing_address       text NOT NULL DEFAULT '',
  vat_number            text NOT NULL DEFAULT '',
  credit_limit_pence    integer NOT NULL CHECK (credit_limit_pence BETWEEN 0 AND 1000000000),
  invoice_period        text NOT NULL DEFAULT 'monthly' CHECK (invoice_period IN ('weekly', 'monthly')),
  payment_terms_days    integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
  po_required           boolean NOT NULL DEFAULT false,
  cost_centre_required  boolean NOT NULL DEFAULT false,
  active                boolean NOT NULL DEFAULT true,
  -- What the account's unpaid invoices still owe (the invoice slice keeps it); counted against the credit limit.
  unpaid_pence          integer NOT NULL DEFAULT 0 CHECK (unpaid_pence >= 0),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id)
);
CREATE UNIQUE INDEX company_accounts_name ON company_accounts (site_id, lower(name));

CREATE TABLE company_account_members (
  site_id       integer NOT NULL,
  account_id    bigint NOT NULL,
  passenger_id  bigint NOT NULL,
  role          text NOT NULL CHECK (role IN ('admin', 'booker')),
  added_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, account_id, passenger_id),
  FOREIGN KEY (site_id, account_id) REFERENCES company_accounts (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, passenger_id) REFERENCES passengers (site_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX company_account_members_one_account ON company_account_members (site_id, passenger_id);

-- Invitations: a link to set a password (or join with the existing account of that e-mail). 256 random bits in the
-- link's fragment, only the SHA-256 kept, single use, 7 days.
CREATE TABLE company_account_invitations (
  site_id      integer NOT NULL,
  id           bigserial,
  account_id   bigint NOT NULL,
  email        text NOT NULL,
  role         text NOT NULL CHECK (role IN ('admin', 'booker')),
  token_hash   bytea NOT NULL,
  invited_by   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, token_hash),
  FOREIGN KEY (site_id, account_id) REFERENCES company_accounts (site_id, id) ON DELETE CASCADE
);

-- A booking on account: the account, the booker's PO number and cost centre. passenger_id stays the booker (the
-- signed-in member); passenger_name/email/phone are the traveller's. invoiced_at is set by the invoice run.
ALTER TABLE bookings
  ADD COLUMN company_account_id bigint,
  ADD COLUMN po_number text NOT NULL DEFAULT '',
  ADD COLUMN cost_centre text NOT NULL DEFAULT '',
  ADD COLUMN invoiced_at timestamptz,
  ADD CONSTRAINT bookings_company_account FOREIGN KEY (site_id, company_account_id) REFERENCES company_accounts (site_id, id);
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_method_check CHECK (payment_method IN ('car', 'card', 'account'));
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check CHECK (payment_status IN ('due_to_driver', 'paid', 'nothing_to_pay', 'on_account'));
ALTER TABLE bookings ADD CONSTRAINT bookings_on_account CHECK ((payment_method = 'account') = (company_account_id IS NOT NULL));
CREATE INDEX bookings_company_account ON bookings (site_id, company_account_id, pick_up_at DESC) WHERE company_account_id IS NOT NULL;
