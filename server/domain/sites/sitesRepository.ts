import type { Queryable } from '../../adapters/db/index.ts';
import type { Address, Company, FleetItem } from '../../../contract/catalog.ts';
import type { SettingRow } from '../../../contract/settings.ts';
import { bannedAddressFromRow, surchargeFromRow, tariffFromRow } from '../pricing/rows.ts';
import type { BannedAddress, CompanyRecord, Surcharge, Tariff, VehicleRecord } from '../pricing/types.ts';

export interface Site {
  id: number;
  name: string;
  publicKey: string;
  secretKey: string;
  hosts: string[];
  isDefault: boolean;
  baseLat: number | null;
  baseLon: number | null;
}

export interface SavedAddress extends Address {
  lat: number;
  lon: number;
  kind: string;
  popular: boolean;
}

export type { CompanyRecord, VehicleRecord };

/** Read-mostly operator data of one site: what the catalogue calls and the pricing engine read. */
export interface SiteCatalog {
  settings: SettingRow[];
  companies: CompanyRecord[];
  vehicles: VehicleRecord[];
  addresses: SavedAddress[];
  tariffs: Tariff[];
  surcharges: Surcharge[];
  bannedAddresses: BannedAddress[];
}

// Any constant (the first key of the two-key advisory lock of a site's settings saves; the second is the site's id).
const SETTINGS_LOCK = 727_019;

export function createSitesRepository(db: Queryable) {
  return {
    async listSites(): Promise<Site[]> {
      const { rows } = await db.query<Record<string, unknown>>(
        'SELECT id, name, public_key, secret_key, hosts, is_default, base_lat, base_lon FROM sites ORDER BY id',
      );
      return rows.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        publicKey: String(row.public_key),
        secretKey: String(row.secret_key),
        hosts: (row.hosts as string[] | null) ?? [],
        isDefault: Boolean(row.is_default),
        baseLat: row.base_lat === null ? null : Number(row.base_lat),
        baseLon: row.base_lon === null ? null : Number(row.base_lon),
      }));
    },

    async loadCatalog(siteId: number): Promise<SiteCatalog> {
      const [settings, companies, vehicles, addresses, tariffs, surcharges, banned] = await Promise.all([
        db.query<SettingRow>('SELECT setting_name, setting_value FROM settings WHERE site_id = $1 ORDER BY setting_name', [siteId]),
        db.query<Record<string, unknown>>('SELECT id, company_name, rating FROM companies WHERE site_id = $1 AND active ORDER BY id', [siteId]),
        db.query<Record<string, unknown>>(
          `SELECT id, vehicle_img, category_name, seats, hand_luggage, luggage, wheelchair
           FROM vehicle_categories WHERE site_id = $1 AND active ORDER BY sort_order, id`,
          [siteId],
        ),
        db.query<Record<string, unknown>>('SELECT id, address, lat, lon, kind, popular FROM addresses WHERE site_id = $1 ORDER BY sort_order, id', [siteId]),
        db.query<Record<string, unknown>>('SELECT * FROM tariffs WHERE site_id = $1 ORDER BY company_id, vehicle_id, valid_from', [siteId]),
        db.query<Record<string, unknown>>('SELECT * FROM surcharges WHERE site_id = $1 ORDER BY code, valid_from', [siteId]),
        db.query<Record<string, unknown>>('SELECT pattern, reason FROM banned_addresses WHERE site_id = $1 ORDER BY id', [siteId]),
      ]);
      return {
        settings: settings.rows,
        companies: companies.rows.map((row) => ({ id: Number(row.id), company_name: String(row.company_name), rating: Number(row.rating) })),
        vehicles: vehicles.rows.map((row) => ({
          tbms_vid: Number(row.id),
          vehicle_img: String(row.vehicle_img),
          category_name: String(row.category_name),
          seats: Number(row.seats),
          hand_luggage: Number(row.hand_luggage),
          luggage: Number(row.luggage),
          wheelchair: Boolean(row.wheelchair),
        })),
        addresses: addresses.rows.map((row) => ({
          id: Number(row.id),
          address: String(row.address),
          lat: Number(row.lat),
          lon: Number(row.lon),
          kind: String(row.kind),
          popular: Boolean(row.popular),
        })),
        tariffs: tariffs.rows.map(tariffFromRow),
        surcharges: surcharges.rows.map(surchargeFromRow),
        bannedAddresses: banned.rows.map(bannedAddressFromRow),
      };
    },

    /** Creates an operator site with its own key pair and no operator data yet. */
    async createSite(name: string, keys: { publicKey: string; secretKey: string }, hosts: string[] = []): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO sites (name, public_key, secret_key, hosts) VALUES ($1, $2, $3, $4) RETURNING id',
        [name, keys.publicKey, keys.secretKey, hosts],
      );
      return Number(rows[0].id);
    },

    /** The stored values of these settings (null: not set). */
    async settingValues(siteId: number, names: string[]): Promise<Record<string, string | null>> {
      const { rows } = await db.query<{ setting_name: string; setting_value: string | null }>(
        'SELECT setting_name, setting_value FROM settings WHERE site_id = $1 AND setting_name = ANY($2::text[])',
        [siteId, names],
      );
      const found = new Map(rows.map((row) => [row.setting_name, row.setting_value]));
      return Object.fromEntries(names.map((name) => [name, found.get(name) ?? null]));
    },

    /** One save of a site's settings at a time: held until the caller's transaction ends. */
    async lockSettings(siteId: number): Promise<void> {
      await db.query('SELECT pg_advisory_xact_lock($1, $2)', [SETTINGS_LOCK, siteId]);
    },

    /** The default site's id, or null before the first start. */
    async defaultSiteId(): Promise<number | null> {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM sites WHERE is_default');
      return rows.length > 0 ? rows[0].id : null;
    },

    /** Sets a site's key pair (a no-op when it already has it). */
    async setKeys(siteId: number, keys: { publicKey: string; secretKey: string }): Promise<void> {
      await db.query('UPDATE sites SET public_key = $2, secret_key = $3 WHERE id = $1 AND (public_key <> $2 OR secret_key <> $3)', [siteId, keys.publicKey, keys.secretKey]);
    },

    /** Stores a settings preview's draft under its token's digest, dropping every expired one on the way. */
    async insertSettingsPreview(siteId: number, tokenHash: Buffer, changes: Record<string, string | null>, ttlMinutes: number): Promise<Date> {
      await db.query('DELETE FROM settings_previews WHERE expires_at <= now()');
      const { rows } = await db.query<{ expires_at: Date | string }>(
        `INSERT INTO settings_previews (token_hash, site_id, changes, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 minute') RETURNING expires_at`,
        [tokenHash, siteId, JSON.stringify(changes), ttlMinutes],
      );
      return new Date(rows[0].expires_at);
    },

    /** The draft of a live preview of this site, or null. */
    async settingsPreview(siteId: number, tokenHash: Buffer): Promise<Record<string, string | null> | null> {
      const { rows } = await db.query<{ changes: Record<string, string | null> | string }>(
        'SELECT changes FROM settings_previews WHERE token_hash = $1 AND site_id = $2 AND expires_at > now()',
        [tokenHash, siteId],
      );
      if (rows.length === 0) return null;
      const { changes } = rows[0];
      return typeof changes === 'string' ? (JSON.parse(changes) as Record<string, string | null>) : changes;
    },

    /** Upserts (value) or deletes (null) settings in one transaction's worth of statements. */
    async writeSettings(siteId: number, changes: Record<string, string | null>): Promise<void> {
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) {
          await db.query('DELETE FROM settings WHERE site_id = $1 AND setting_name = $2', [siteId, name]);
        } else {
          await db.query(
            `INSERT INTO settings (site_id, setting_name, setting_value) VALUES ($1, $2, $3)
             ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = EXCLUDED.setting_value, updated_at = now()`,
            [siteId, name, value],
          );
        }
      }
    },
  };
}

export const toCompanyList = (companies: CompanyRecord[]): Company[] =>
  companies.map((company) => ({ id: company.id, company: { company_name: company.company_name } }));

export const toFleetList = (vehicles: VehicleRecord[]): FleetItem[] =>
  vehicles.map(({ tbms_vid, vehicle_img, category_name, seats, hand_luggage, luggage }) => ({ tbms_vid, vehicle_img, category_name, seats, hand_luggage, luggage }));

export const toAddressList = (addresses: SavedAddress[]): Address[] => addresses.map(({ id, address }) => ({ id, address }));
