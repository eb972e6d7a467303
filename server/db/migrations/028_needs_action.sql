-- The dispatcher's "Needs action" queue (issue 33; server/domain/dispatch/needsAction.ts).
-- A change a passenger asked for once a driver was assigned (booking_changes.status 'requested', migration 013)
-- needs a person until a member of staff marks it dealt with: when and by whom.
ALTER TABLE booking_changes
  ADD COLUMN handled_at timestamptz,
  ADD COLUMN handled_by text;
CREATE INDEX booking_changes_open_requests ON booking_changes (site_id, booking_id) WHERE status = 'requested' AND handled_at IS NULL;

-- The queue reads the bookings still to be run (whatever their date) and their offers on every console event.
CREATE INDEX bookings_open ON bookings (site_id, status, pick_up_at) WHERE status IN ('confirmed', 'accepted', 'driver_assigned');
CREATE INDEX driver_offers_booking ON driver_offers (site_id, booking_id, id);
