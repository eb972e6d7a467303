-- Owner's reports (issue 35; server/domain/reports). Where each booking came from: the website, the website embedded
-- in the operator's own site (a frame), the console (a booking taken by staff), or a QUOTE NOW offer's link.
-- Bookings made before this migration are 'website' unless their quote was offered from the inbox.
ALTER TABLE bookings
  ADD COLUMN source text NOT NULL DEFAULT 'website' CHECK (source IN ('website', 'embedded', 'console', 'quote_offer'));
UPDATE bookings b SET source = 'quote_offer'
  WHERE EXISTS (SELECT 1 FROM quote_offers o WHERE o.site_id = b.site_id AND o.quote_id = b.quote_id);

-- "Bookings made" reads a site's bookings by the time they were made (the trips read bookings_board by pick-up).
CREATE INDEX bookings_made ON bookings (site_id, created_at);
