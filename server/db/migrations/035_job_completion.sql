-- The driver's completion with extras (issue 32; server/domain/drivers/completion.ts): what the driver added when
-- completing a job (waiting time, parking, tolls, each within the owner's limit), priced by the server, how a
-- pay-in-car fare was paid, and the card booking's one charge of the extras to the saved card (off-session).
-- One row per booking (the primary key): a job is completed once, so its extras are charged at most once. The charge
-- moves  none (nothing to charge) | claimed (to be charged) -> charging (one process asks the processor)
--        -> succeeded | requires_action (3-D Secure needed: the passenger is mailed the manage link) | failed.
CREATE TABLE job_completions (
  site_id          integer NOT NULL,
  booking_id       bigint NOT NULL,
  driver_id        bigint NOT NULL,
  waiting_min      integer NOT NULL DEFAULT 0 CHECK (waiting_min BETWEEN 0 AND 1440),
  waiting_pence    integer NOT NULL DEFAULT 0 CHECK (waiting_pence >= 0),
  parking_pence    integer NOT NULL DEFAULT 0 CHECK (parking_pence BETWEEN 0 AND 1000000),
  tolls_pence      integer NOT NULL DEFAULT 0 CHECK (tolls_pence BETWEEN 0 AND 1000000),
  extras_pence     integer NOT NULL CHECK (extras_pence = waiting_pence + parking_pence + tolls_pence),
  -- The fare before the extras (the stored quote, after any changes) and after them.
  fare_pence       integer NOT NULL CHECK (fare_pence >= 0),
  final_pence      integer NOT NULL CHECK (final_pence = fare_pence + extras_pence),
  -- A pay-in-car booking: how the driver was paid ('cash' or 'card' in the car); null for a card booking.
  paid_in_car      text CHECK (paid_in_car IN ('cash', 'card')),
  extras_charge    text NOT NULL CHECK (extras_charge IN ('none', 'claimed', 'charging', 'succeeded', 'requires_action', 'failed')),
  extras_intent_id text,
  charge_error     text,
  -- When the driver tapped 'completed' (the phone's clock, bounded by the server).
  tapped_at        timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, booking_id)
);
