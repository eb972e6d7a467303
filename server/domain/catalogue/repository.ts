import type { CatalogueCategory, CatalogueCompany, CategoryCreate, CategoryPatch, CompanyCreate, CompanyPatch } from '../../../contract/consoleCatalogue.ts';
import type { Queryable } from '../../adapters/db/index.ts';

const companyOf = (row: Record<string, unknown>): CatalogueCompany => ({
  id: Number(row.id),
  company_name: String(row.company_name),
  rating: Number(row.rating),
  active: Boolean(row.active),
});

const categoryOf = (row: Record<string, unknown>): CatalogueCategory => ({
  id: Number(row.id),
  category_name: String(row.category_name),
  seats: Number(row.seats),
  luggage: Number(row.luggage),
  hand_luggage: Number(row.hand_luggage),
  wheelchair: Boolean(row.wheelchair),
  vehicle_img: String(row.vehicle_img),
  active: Boolean(row.active),
});

const COMPANY = 'id, company_name, rating, active';
const CATEGORY = 'id, category_name, seats, luggage, hand_luggage, wheelchair, vehicle_img, active';

/** UPDATE … SET of the given columns only ($3 on; $1 is the site, $2 the id). */
function setClause(patch: Record<string, unknown>): { sql: string; values: unknown[] } {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  return { sql: entries.map(([column], index) => `${column} = $${index + 3}`).join(', '), values: entries.map(([, value]) => value) };
}

/** The site's companies and vehicle categories as the owner edits them (inactive ones included). */
export function createCatalogueRepository(db: Queryable) {
  return {
    /**
     * Serialises the site's catalogue writes (a transaction-scoped advisory lock): ids are per site (max + 1) and
     * names unique per site, so two creates of the same name in a burst make one.
     */
    async lockSite(siteId: number): Promise<void> {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('cabflow.catalogue'), $1)", [siteId]);
    },

    async companies(siteId: number): Promise<CatalogueCompany[]> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COMPANY} FROM companies WHERE site_id = $1 ORDER BY active DESC, id`, [siteId]);
      return rows.map(companyOf);
    },
    async company(siteId: number, id: number): Promise<CatalogueCompany | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COMPANY} FROM companies WHERE site_id = $1 AND id = $2`, [siteId, id]);
      return rows[0] ? companyOf(rows[0]) : null;
    },
    async companyNamed(siteId: number, companyName: string, exceptId: number | null): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM companies WHERE site_id = $1 AND lower(company_name) = lower($2) AND id IS DISTINCT FROM $3', [siteId, companyName, exceptId]);
      return rows.length > 0;
    },
    async activeCompanies(siteId: number): Promise<number> {
      const { rows } = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM companies WHERE site_id = $1 AND active', [siteId]);
      return Number(rows[0].count);
    },
    async insertCompany(siteId: number, input: Required<CompanyCreate>): Promise<CatalogueCompany> {
      const { rows } = await db.query<Record<string, unknown>>(
        `INSERT INTO companies (site_id, id, company_name, rating, active)
         VALUES ($1, (SELECT coalesce(max(id), 0) + 1 FROM companies WHERE site_id = $1), $2, $3, $4) RETURNING ${COMPANY}`,
        [siteId, input.company_name, input.rating, input.active],
      );
      return companyOf(rows[0]);
    },
    async updateCompany(siteId: number, id: number, patch: CompanyPatch): Promise<CatalogueCompany> {
      const set = setClause({ ...patch });
      const { rows } = await db.query<Record<string, unknown>>(`UPDATE companies SET ${set.sql} WHERE site_id = $1 AND id = $2 RETURNING ${COMPANY}`, [siteId, id, ...set.values]);
      return companyOf(rows[0]);
    },

    async categories(siteId: number): Promise<CatalogueCategory[]> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${CATEGORY} FROM vehicle_categories WHERE site_id = $1 ORDER BY active DESC, sort_order, id`, [siteId]);
      return rows.map(categoryOf);
    },
    async category(siteId: number, id: number): Promise<CatalogueCategory | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${CATEGORY} FROM vehicle_categories WHERE site_id = $1 AND id = $2`, [siteId, id]);
      return rows[0] ? categoryOf(rows[0]) : null;
    },
    async categoryNamed(siteId: number, categoryName: string, exceptId: number | null): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM vehicle_categories WHERE site_id = $1 AND lower(category_name) = lower($2) AND id IS DISTINCT FROM $3', [siteId, categoryName, exceptId]);
      return rows.length > 0;
    },
    async activeCategories(siteId: number): Promise<number> {
      const { rows } = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM vehicle_categories WHERE site_id = $1 AND active', [siteId]);
      return Number(rows[0].count);
    },
    /** A new category goes last on the fleet page. */
    async insertCategory(siteId: number, input: Required<CategoryCreate>): Promise<CatalogueCategory> {
      const { rows } = await db.query<Record<string, unknown>>(
        `INSERT INTO vehicle_categories (site_id, id, category_name, vehicle_img, seats, luggage, hand_luggage, wheelchair, active, sort_order)
         SELECT $1, coalesce(max(id), 0) + 1, $2, $3, $4, $5, $6, $7, $8, coalesce(max(sort_order), -1) + 1 FROM vehicle_categories WHERE site_id = $1
         RETURNING ${CATEGORY}`,
        [siteId, input.category_name, input.vehicle_img, input.seats, input.luggage, input.hand_luggage, input.wheelchair, input.active],
      );
      return categoryOf(rows[0]);
    },
    async updateCategory(siteId: number, id: number, patch: CategoryPatch): Promise<CatalogueCategory> {
      const set = setClause({ ...patch });
      const { rows } = await db.query<Record<string, unknown>>(`UPDATE vehicle_categories SET ${set.sql} WHERE site_id = $1 AND id = $2 RETURNING ${CATEGORY}`, [siteId, id, ...set.values]);
      return categoryOf(rows[0]);
    },

    /**
     * Every picture a category of the site shows or ever showed: its current one, and each one the audit log has a
     * category changing from or to (past bookings' pages may still show those).
     */
    async imagesEverUsed(siteId: number): Promise<Set<string>> {
      const { rows } = await db.query<{ vehicle_img: string }>(
        `SELECT vehicle_img FROM vehicle_categories WHERE site_id = $1
         UNION SELECT before ->> 'vehicle_img' FROM audit_log WHERE site_id = $1 AND entity_type = 'vehicle_category' AND before ? 'vehicle_img'
         UNION SELECT after ->> 'vehicle_img' FROM audit_log WHERE site_id = $1 AND entity_type = 'vehicle_category' AND after ? 'vehicle_img'`,
        [siteId],
      );
      return new Set(rows.map((row) => row.vehicle_img));
    },
  };
}
