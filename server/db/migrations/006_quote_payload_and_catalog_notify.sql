-- 1. Every change of a site's read-mostly catalogue tells every server process, whoever makes it (the admin API, the
--    operator CLI, a migration, psql): each process LISTENs on cabflow_site_changed and drops its cached copy
--    (server/domain/sites/siteCache.ts). The payload is the site id, 'sites' for the site list, '' for "everything".
--    NOTIFY is sent at commit, and identical payloads of one transaction are sent once, so a seed or a bulk tariff
--    update costs one message per site.
CREATE FUNCTION cabflow_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('cabflow_site_changed', '');
  ELSIF TG_TABLE_NAME = 'sites' THEN
    PERFORM pg_notify('cabflow_site_changed', 'sites');
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM pg_notify('cabflow_site_changed', OLD.site_id::text);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM pg_notify('cabflow_site_changed', NEW.site_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sites_changed AFTER INSERT OR UPDATE OR DELETE ON sites FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER vehicle_categories_changed AFTER INSERT OR UPDATE OR DELETE ON vehicle_categories FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER addresses_changed AFTER INSERT OR UPDATE OR DELETE ON addresses FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER tariffs_changed AFTER INSERT OR UPDATE OR DELETE ON tariffs FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER surcharges_changed AFTER INSERT OR UPDATE OR DELETE ON surcharges FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER banned_addresses_changed AFTER INSERT OR UPDATE OR DELETE ON banned_addresses FOR EACH ROW EXECUTE FUNCTION cabflow_catalog_changed();

CREATE TRIGGER sites_truncated AFTER TRUNCATE ON sites FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER settings_truncated AFTER TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER companies_truncated AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER vehicle_categories_truncated AFTER TRUNCATE ON vehicle_categories FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER addresses_truncated AFTER TRUNCATE ON addresses FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER tariffs_truncated AFTER TRUNCATE ON tariffs FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER surcharges_truncated AFTER TRUNCATE ON surcharges FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();
CREATE TRIGGER banned_addresses_truncated AFTER TRUNCATE ON banned_addresses FOR EACH STATEMENT EXECUTE FUNCTION cabflow_catalog_changed();

-- 2. A quote is written in one statement with a compact payload: form, routed trip and the priced rows as one
--    deflate-compressed JSON document (about 2 KB instead of about 24 KB of jsonb). Quotes written before this
--    migration keep form/trip/rows and are still read.
ALTER TABLE quotes ADD COLUMN payload bytea;
ALTER TABLE quotes ALTER COLUMN form DROP NOT NULL;
ALTER TABLE quotes ALTER COLUMN rows DROP NOT NULL;
ALTER TABLE quotes ADD CONSTRAINT quotes_has_content CHECK (payload IS NOT NULL OR (form IS NOT NULL AND rows IS NOT NULL));
-- Kept in the row rather than in the TOAST table (one heap write per quote); it is already compressed.
ALTER TABLE quotes ALTER COLUMN payload SET STORAGE MAIN;
