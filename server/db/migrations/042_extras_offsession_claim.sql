-- Issue 32, money exactly once for the driver's extras: an off-session charge of the extras that the bank left waiting
-- for 3-D Secure ('requires_action') could still be confirmed later (the passenger answering the bank), so it holds the
-- extras' one charging slot of migration 007 (payments_one_charge on request key 'booking_extras:<booking id>') as a
-- 'claimed' payment. The passenger's own payment on the manage page can take the slot only after that charge is
-- cancelled at the processor and its claim released (server/domain/manage/extras.ts); if it succeeded meanwhile, it is
-- the one charge. The charges owing before this migration are recorded here the same way (left 'open', not claimed,
-- when a passenger's payment already holds the slot).
INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, charge, booking_id)
SELECT c.site_id,
       c.extras_intent_id,
       CASE WHEN c.extras_intent_id LIKE 'pi\_sandbox\_%' THEN 'sandbox' ELSE 'stripe' END,
       c.extras_pence,
       'gbp',
       'booking_extras:' || c.booking_id,
       jsonb_build_object('booking_id', c.booking_id, 'driver_extras', true, 'off_session', true),
       'requires_action',
       CASE WHEN EXISTS (SELECT 1 FROM payments p WHERE p.site_id = c.site_id AND p.request_key = 'booking_extras:' || c.booking_id AND p.charge IN ('claimed', 'succeeded'))
            THEN 'open' ELSE 'claimed' END,
       c.booking_id
  FROM job_completions c
 WHERE c.extras_charge = 'requires_action' AND c.extras_intent_id IS NOT NULL AND c.extras_pence > 0
ON CONFLICT (site_id, intent_id) DO NOTHING;
