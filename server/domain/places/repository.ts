import type { BannedPattern, PlacePatch, SavedPlace, SavedPlaceKind } from '../../../contract/consolePlaces.ts';
import type { Queryable } from '../../adapters/db/index.ts';

const placeOf = (row: Record<string, unknown>): SavedPlace => ({
  id: Number(row.id),
  address: String(row.address),
  lat: Number(row.lat),
  lon: Number(row.lon),
  kind: String(row.kind) as SavedPlaceKind,
  popular: Boolean(row.popular),
});

const banOf = (row: Record<string, unknown>): BannedPattern => ({
  id: Number(row.id),
  pattern: String(row.pattern),
  reason: row.reason === null ? null : String(row.reason),
  created_at: new Date(row.created_at as string).toISOString(),
});

const PLACE = 'id, address, lat, lon, kind, popular';
const BAN = 'id, pattern, reason, created_at';

/** The site's saved addresses (popular ones included) and banned address patterns as the owner edits them. */
export function createPlacesRepository(db: Queryable) {
  return {
    /** Serialises the site's place writes (ids are max + 1 per site; one row per address or pattern in a burst). */
    async lockSite(siteId: number): Promise<void> {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('cabflow.places'), $1)", [siteId]);
    },

    async places(siteId: number): Promise<SavedPlace[]> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${PLACE} FROM addresses WHERE site_id = $1 ORDER BY sort_order, id`, [siteId]);
      return rows.map(placeOf);
    },
    async place(siteId: number, id: number): Promise<SavedPlace | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${PLACE} FROM addresses WHERE site_id = $1 AND id = $2`, [siteId, id]);
      return rows[0] ? placeOf(rows[0]) : null;
    },
    async placeNamed(siteId: number, address: string, exceptId: number | null): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM addresses WHERE site_id = $1 AND lower(address) = lower($2) AND id IS DISTINCT FROM $3', [siteId, address, exceptId]);
      return rows.length > 0;
    },
    /** A new place goes last in the list the site shows. */
    async insertPlace(siteId: number, place: Omit<SavedPlace, 'id'>): Promise<SavedPlace> {
      const { rows } = await db.query<Record<string, unknown>>(
        `INSERT INTO addresses (site_id, id, address, lat, lon, kind, popular, sort_order)
         SELECT $1, coalesce(max(id), 0) + 1, $2, $3, $4, $5, $6, coalesce(max(sort_order), 0) + 1 FROM addresses WHERE site_id = $1
         RETURNING ${PLACE}`,
        [siteId, place.address, place.lat, place.lon, place.kind, place.popular],
      );
      return placeOf(rows[0]);
    },
    async updatePlace(siteId: number, id: number, patch: PlacePatch): Promise<SavedPlace> {
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
      const set = entries.map(([column], index) => `${column} = $${index + 3}`).join(', ');
      const { rows } = await db.query<Record<string, unknown>>(`UPDATE addresses SET ${set} WHERE site_id = $1 AND id = $2 RETURNING ${PLACE}`, [siteId, id, ...entries.map(([, value]) => value)]);
      return placeOf(rows[0]);
    },
    async deletePlace(siteId: number, id: number): Promise<void> {
      await db.query('DELETE FROM addresses WHERE site_id = $1 AND id = $2', [siteId, id]);
    },

    async bans(siteId: number): Promise<BannedPattern[]> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${BAN} FROM banned_addresses WHERE site_id = $1 ORDER BY id`, [siteId]);
      return rows.map(banOf);
    },
    async ban(siteId: number, id: number): Promise<BannedPattern | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${BAN} FROM banned_addresses WHERE site_id = $1 AND id = $2`, [siteId, id]);
      return rows[0] ? banOf(rows[0]) : null;
    },
    async insertBan(siteId: number, pattern: string, reason: string | null): Promise<BannedPattern> {
      const { rows } = await db.query<Record<string, unknown>>(`INSERT INTO banned_addresses (site_id, pattern, reason) VALUES ($1, $2, $3) RETURNING ${BAN}`, [siteId, pattern, reason]);
      return banOf(rows[0]);
    },
    async deleteBan(siteId: number, id: number): Promise<void> {
      await db.query('DELETE FROM banned_addresses WHERE site_id = $1 AND id = $2', [siteId, id]);
    },
  };
}
