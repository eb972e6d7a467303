-- Issue 20: a new booking no longer updates the board's four trigram indexes (migration 015) trigram by trigram.
-- Each index keeps a short pending list (fastupdate on, 64 kB, the least PostgreSQL allows): a booking appends its
-- row there, and the booking that fills the list merges it into the index in one sorted pass, far cheaper per entry
-- (PGlite: about 4 of 21 ms of CPU per booking, measured booking after booking in one process). A search reads at
-- most 64 kB of pending list per index besides the index itself; the list never grows past that without a vacuum
-- (PGlite runs none), so the planner, which counts its pages, keeps choosing the indexes.
ALTER INDEX bookings_search_number SET (fastupdate = on, gin_pending_list_limit = 64);
ALTER INDEX bookings_search_name SET (fastupdate = on, gin_pending_list_limit = 64);
ALTER INDEX bookings_search_email SET (fastupdate = on, gin_pending_list_limit = 64);
ALTER INDEX bookings_search_phone SET (fastupdate = on, gin_pending_list_limit = 64);
