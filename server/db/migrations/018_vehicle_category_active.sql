-- Vehicle categories are deactivated, never deleted (issue 19): quotes, bookings, tariffs and the vehicles register
-- refer to them. An inactive category is left out of the site's catalogue (fetch_vehicles, quotes, /ourfleet).
ALTER TABLE vehicle_categories ADD COLUMN active boolean NOT NULL DEFAULT true;
