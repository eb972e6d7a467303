-- Fare zones and fixed (zone-to-zone) fares per site (issue 19; read by server/domain/pricing/fixedFares.ts).
-- A zone is a circle (centre, radius in miles), a polygon ([[lat, lon], …], at least three corners) or a list of
-- UK postcode districts. When a point lies in several zones, the highest priority ranks first, then the smallest.

CREATE TABLE fare_zones (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id            bigserial,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  priority      integer NOT NULL DEFAULT 0 CHECK (priority BETWEEN -1000 AND 1000),
  kind          text NOT NULL CHECK (kind IN ('radius', 'polygon', 'postcodes')),
  center_lat    double precision CHECK (center_lat BETWEEN -90 AND 90),
  center_lon    double precision CHECK (center_lon BETWEEN -180 AND 180),
  radius_miles  numeric(6, 2) CHECK (radius_miles > 0),
  polygon       jsonb CHECK (polygon IS NULL OR (jsonb_typeof(polygon) = 'array' AND jsonb_array_length(polygon) >= 3)),
  districts     text[] CHECK (districts IS NULL OR cardinality(districts) >= 1),
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, name),
  CHECK ((kind = 'radius') = (center_lat IS NOT NULL AND center_lon IS NOT NULL AND radius_miles IS NOT NULL)),
  CHECK ((kind = 'polygon') = (polygon IS NOT NULL)),
  CHECK ((kind = 'postcodes') = (districts IS NOT NULL))
);

-- A fixed fare from one zone to another for a vehicle category, of one company or (company_id NULL) of every company,
-- from a London date; a price change is a new row with a later valid_from, as with tariffs.
CREATE TABLE fixed_fares (
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  id            bigserial,
  from_zone_id  bigint NOT NULL,
  to_zone_id    bigint NOT NULL,
  company_id    integer,
  vehicle_id    integer NOT NULL,
  both_ways     boolean NOT NULL DEFAULT true,
  amount_pence  integer NOT NULL CHECK (amount_pence >= 0),
  valid_from    date NOT NULL,
  valid_to      date CHECK (valid_to IS NULL OR valid_to > valid_from),
  PRIMARY KEY (site_id, id),
  UNIQUE NULLS NOT DISTINCT (site_id, from_zone_id, to_zone_id, company_id, vehicle_id, valid_from),
  FOREIGN KEY (site_id, from_zone_id) REFERENCES fare_zones (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, to_zone_id) REFERENCES fare_zones (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, company_id) REFERENCES companies (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, vehicle_id) REFERENCES vehicle_categories (site_id, id) ON DELETE CASCADE
);

-- Two rows of one surcharge code from the same date would leave the engine to pick one at random: one row per date.
CREATE UNIQUE INDEX surcharges_code_from ON surcharges (site_id, code, valid_from);

CREATE TRIGGER fare_zones_changed AFTER INSERT OR UPDATE OR DELETE ON fare_zones FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER fixed_fares_changed AFTER INSERT OR UPDATE OR DELETE ON fixed_fares FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER fare_zones_truncated AFTER TRUNCATE ON fare_zones FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER fixed_fares_truncated AFTER TRUNCATE ON fixed_fares FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
