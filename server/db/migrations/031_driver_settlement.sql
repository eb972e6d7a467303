-- Driver settlement (issue 35; server/domain/settlement): per driver and week (the owner's SETTLEMENT_WEEK_START), what
-- the driver's completed jobs earned, who collected it, the operator's commission or rent, the owner's adjustments,
-- and the balance. A week is computed from the bookings' ledger until the owner marks it settled; the settled row
-- keeps the figures as they were paid, and the database refuses any change to it or to that week's adjustments.

-- An adjustment to a driver's week (positive: owed to the driver; negative: owed by the driver), with its reason.
CREATE TABLE settlement_adjustments (
  site_id       integer NOT NULL,
  id            bigserial,
  driver_id     bigint NOT NULL,
  -- The London date the week starts on.
  week_start    date NOT NULL,
  amount_pence  integer NOT NULL CHECK (amount_pence <> 0 AND amount_pence BETWEEN -10000000 AND 10000000),
  reason        text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  created_by    bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, id),
  FOREIGN KEY (site_id, driver_id) REFERENCES drivers (site_id, id)
);
CREATE INDEX settlement_adjustments_week ON settlement_adjustments (site_id, week_start, driver_id);

-- A settled week: one per driver and week (the primary key decides concurrent "settle" requests), never changed.
CREATE TABLE settlement_weeks (
  site_id        integer NOT NULL,
  driver_id      bigint NOT NULL,
  week_start     date NOT NULL,
  -- contract/settlement.ts WeekFigures and the week's jobs and adjustments, as they were when settled.
  figures        jsonb NOT NULL,
  balance_pence  integer NOT NULL,
  settled_at     timestamptz NOT NULL DEFAULT now(),
  settled_by     bigint,
  PRIMARY KEY (site_id, driver_id, week_start),
  FOREIGN KEY (site_id, driver_id) REFERENCES drivers (site_id, id)
);

CREATE FUNCTION cabflow_settled_week_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settled week is immutable' USING ERRCODE = 'check_violation';
END;
$$;
CREATE TRIGGER settlement_weeks_frozen BEFORE UPDATE OR DELETE ON settlement_weeks FOR EACH ROW EXECUTE FUNCTION cabflow_settled_week_frozen();

-- An adjustment may not be added to, changed in or removed from a settled week: the next week takes it.
CREATE FUNCTION cabflow_adjustment_week_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target settlement_adjustments;
BEGIN
  IF TG_OP = 'DELETE' THEN target := OLD; ELSE target := NEW; END IF;
  IF EXISTS (SELECT 1 FROM settlement_weeks w WHERE w.site_id = target.site_id AND w.driver_id = target.driver_id AND w.week_start = target.week_start)
     OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM settlement_weeks w WHERE w.site_id = OLD.site_id AND w.driver_id = OLD.driver_id AND w.week_start = OLD.week_start)) THEN
    RAISE EXCEPTION 'settled week is immutable' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER settlement_adjustments_open BEFORE INSERT OR UPDATE OR DELETE ON settlement_adjustments FOR EACH ROW EXECUTE FUNCTION cabflow_adjustment_week_open();

-- A driver's completed jobs by completion time (the weeks are ranges of completed_at).
CREATE INDEX bookings_driver_completed ON bookings (site_id, completed_at) WHERE status = 'completed' AND assigned_driver IS NOT NULL;
