import type { Db, Queryable } from '../../adapters/db/index.ts';
import { DEMO_KEYS } from '../../config.ts';
import { hashPassword } from '../../domain/accounts/passwords.ts';
import { demoPricingSql } from '../../domain/pricing/demoTariffs.ts';
import type { DerivedSettingName, SettingName } from '../../../contract/settings.ts';

/** The demo operator: a west-London private-hire firm listing three operator companies. */
export const DEMO_SITE = { name: 'Westway Cars', baseLat: 51.5072, baseLon: -0.2237 } as const;

/**
 * The demo logins below and their published passwords (README) work only on a deployment nobody else can reach:
 * elsewhere the seed gives them random passwords printed once at start (server/db/seed/demoLogins.ts).
 */
export const DEMO_CORPORATE = { email: 'corporate@cabflow.test', password: 'Corporate-Demo-2024!', name: 'Alex Morgan', phone: '+44 7700 900123' } as const;

/** The demo operator's staff (issue 17): one owner and one dispatcher, signing in at POST /api/admin/session. */
export const DEMO_STAFF = {
  owner: { email: 'owner@westwaycars.test', password: 'Westway-Owner-2024!', name: 'Priya Shah', role: 'owner' },
  dispatcher: { email: 'dispatch@westwaycars.test', password: 'Westway-Dispatch-2024!', name: 'Sam Okafor', role: 'dispatcher' },
} as const;

/**
 * The demo driver (issue 32): a driver of the register with a vehicle of their own and an account on the driver app
 * (/driver, API /api/driver), signing in like the demo staff.
 */
export const DEMO_DRIVER = {
  email: 'driver@westwaycars.test',
  password: 'Westway-Driver-2024!',
  name: 'Tomasz Nowak',
  phone: '07700 900321',
  licence_number: 'PHD-DEMO-1',
  licence_expiry: '2031-12-31',
  vehicle: { registration: 'WC24DRV', make: 'Toyota', model: 'Corolla', colour: 'Silver', category_id: 1, licence_number: 'PHV-DEMO-1', licence_expiry: '2031-12-31' },
} as const;

/**
 * Every setting of spec §3. Toggles are 'enable' except:
 * - IS_QUOTATION 'disable': per spec 'enable' hides the GET A QUOTE tab (CLARIFICATIONS 1);
 * - CHEAPEST_COMPANY_PRICE 'disable': 'enable' would keep only the cheapest company's vehicles, and the demo
 *   is there to show prices from several operator companies side by side.
 * Money settings are in pounds as the operator types them; the pricing engine works in pence (CLARIFICATIONS 9).
 * WHEEL_CHAIR is a "show" value only: above zero shows the option, which is never charged (CLARIFICATIONS 7).
 * CANCEL_CUTOFF_MINUTES and CANCELLATION_FEE (ours, issue 18): free online cancellation until two hours before pick-up;
 * VAT_* (ours): a VAT-registered operator whose prices
 * include VAT at 20%; RETENTION_MONTHS (ours, issue 17): personal data anonymised after 24 months.
 */
export function demoSettings(googleBrowserKey: string | null): Record<Exclude<SettingName, DerivedSettingName>, string> {
  return {
    MULTIPLE_PRICES: 'enable',
    CHEAPEST_COMPANY_PRICE: 'disable',
    MULTIPLE_OPERATORS: 'enable',
    Company_Name: 'Westway Cars',
    Company_Contact_Info: '020 7946 0321',
    FROM_EMAIL: 'bookings@westwaycars.test',
    NAVBAR_OUR_FLEET_PAGE: 'enable',
    NAVBAR_URGENT_BOOKING_PAGE: 'enable',
    CORPORATE_LOGIN: 'enable',
    SHOW_FOOTER_PAGE: 'enable',
    SHOW_NAVBAR_PAGE: 'enable',
    SHOW_COMPANY_FLEET_VIEW_SECTION: 'enable',
    SHOW_COMPANY_CONTACT_SECTION: 'enable',
    SHOW_POPULAR_LOCATION_PAGE: 'enable',
    HOURLY_RATE_STATUS: 'enable',
    IS_QUOTATION: 'disable',
    MEET_AND_GREET: '12',
    BABY_PRICE_PER_SEAT: '5',
    BOOSTER_PRICE_PER_SEAT: '5',
    WHEEL_CHAIR: '1',
    SPECIAL_LUGGAGE_PER_PRICE: '10',
    PRICE_PER_FIVE_WAITING_MIN: '2.5',
    GRACE_TIME: '120',
    CURRENCY: '£',
    GOOGLE_API_KEY: googleBrowserKey ?? '',
    MAP_STYLE_URL: '',
    GUEST_LOGIN: 'enable',
    SHOWCARD: 'yes',
    SHOWPAYINCAR: 'yes',
    ROUND_OFF: 'no',
    CANCEL_CUTOFF_MINUTES: '120',
    CANCELLATION_FEE: '0',
    // Ours (issue 18): address changes by phone until the owner turns online changes on.
    MANAGE_ADDRESS_CHANGES: 'disable',
    VAT_NUMBER: 'GB 123 4567 89',
    VAT_RATE: '20',
    PRICES_INCLUDE_VAT: 'yes',
    RETENTION_MONTHS: '24',
    // Ours (issue 30): a job is completed from its pick-up time on.
    EARLY_COMPLETION_MINUTES: '0',
    // Ours (issue 32): offers count down 30 s; drivers set off up to an hour before and wait 10 minutes for a no-show.
    DRIVER_OFFER_SECONDS: '30',
    DRIVER_LEAD_MINUTES: '60',
    NO_SHOW_WAIT_MINUTES: '10',
    // Ours (issue 33): drivers meet international flights 30 minutes after landing, domestic ones 15; at most 8
    // look-ups a flight, followed from 3 hours before its arrival.
    AIRPORT_WAIT_INTERNATIONAL_MINUTES: '30',
    AIRPORT_WAIT_DOMESTIC_MINUTES: '15',
    FLIGHT_LOOKUP_BUDGET: '8',
    FLIGHT_CHECK_START_MINUTES: '180',
    ASSIGN_BY_MINUTES: '120',
    ON_THE_WAY_BY_MINUTES: '15',
    // Ours (issue 33): every passenger text on, the reminder an hour before a pre-booked pick-up.
    SMS_BOOKING_CONFIRMED: 'enable',
    SMS_DRIVER_ASSIGNED: 'enable',
    SMS_DRIVER_ON_THE_WAY: 'enable',
    SMS_DRIVER_ARRIVED: 'enable',
    SMS_REMINDER: 'enable',
    SMS_BOOKING_CANCELLED: 'enable',
    SMS_REMINDER_MINUTES: '60',
    // Ours (issue 33): automatic offers off until the owner turns them on; then pre-booked jobs from an hour before,
    // three drivers tried, 20 km/h over the straight line.
    AUTO_OFFERS: 'disable',
    AUTO_OFFER_LEAD_MINUTES: '60',
    AUTO_OFFER_TRIES: '3',
    AUTO_OFFER_SPEED_KMH: '20',
    // Ours (issue 33): the passenger's live view offers the operator's number only, not the driver's.
    PASSENGER_CALLS_DRIVER: 'disable',
    SETTLEMENT_WEEK_START: 'monday',
    SETTLEMENT_COMMISSION: 'percent',
    SETTLEMENT_COMMISSION_PERCENT: '15',
    SETTLEMENT_COMMISSION_AMOUNT: '0',
    // Issue 32: what the demo's drivers may add when completing a job.
    DRIVER_WAITING_MAX_MINUTES: '60',
    DRIVER_PARKING_MAX: '20',
    DRIVER_TOLLS_MAX: '20',
    // Issue 34: a phone booking's card payment link waits a day (at most until an hour before the pick-up).
    PAY_LINK_MINUTES: '1440',
  };
}

export const DEMO_COMPANIES = [
  { id: 1, company_name: 'Westway Cars', rating: 4.8 },
  { id: 2, company_name: 'Thames Executive Travel', rating: 4.4 },
  { id: 3, company_name: 'Capital Airport Transfers', rating: 3.6 },
] as const;

export const DEMO_VEHICLES = [
  { id: 1, category_name: 'Saloon', vehicle_img: 'vehicles/saloon.svg', seats: 4, luggage: 2, hand_luggage: 2, wheelchair: false },
  { id: 2, category_name: 'Estate', vehicle_img: 'vehicles/estate.svg', seats: 4, luggage: 4, hand_luggage: 3, wheelchair: false },
  { id: 3, category_name: 'Executive', vehicle_img: 'vehicles/executive.svg', seats: 3, luggage: 2, hand_luggage: 2, wheelchair: false },
  { id: 4, category_name: 'MPV 6-seat', vehicle_img: 'vehicles/mpv.svg', seats: 6, luggage: 4, hand_luggage: 4, wheelchair: false },
  { id: 5, category_name: 'Minibus 8-seat', vehicle_img: 'vehicles/minibus.svg', seats: 8, luggage: 8, hand_luggage: 8, wheelchair: false },
  { id: 6, category_name: 'Wheelchair-accessible', vehicle_img: 'vehicles/wheelchair.svg', seats: 4, luggage: 2, hand_luggage: 2, wheelchair: true },
] as const;

type Kind = 'airport' | 'station' | 'hotel';
const address = (id: number, text: string, lat: number, lon: number, kind: Kind, popular = false) => ({ id, address: text, lat, lon, kind, popular });

export const DEMO_ADDRESSES = [
  address(1, 'Heathrow Airport Terminal 2, Hounslow TW6 1EW', 51.4694, -0.4503, 'airport'),
  address(2, 'Heathrow Airport Terminal 3, Hounslow TW6 1QG', 51.4713, -0.4583, 'airport'),
  address(3, 'Heathrow Airport Terminal 4, Hounslow TW6 3XA', 51.4596, -0.4466, 'airport'),
  address(4, 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', 51.4723, -0.4877, 'airport', true),
  address(5, 'Gatwick Airport North Terminal, Crawley RH6 0PJ', 51.1614, -0.1770, 'airport'),
  address(6, 'Gatwick Airport South Terminal, Crawley RH6 0NP', 51.1563, -0.1608, 'airport', true),
  address(7, 'London City Airport, Hartmann Road, London E16 2PX', 51.5048, 0.0495, 'airport', true),
  address(8, 'Stansted Airport, Bassingbourn Road, Stansted CM24 1QW', 51.8860, 0.2389, 'airport'),
  address(9, 'Luton Airport, Airport Way, Luton LU2 9LY', 51.8763, -0.3717, 'airport'),
  address(10, "King's Cross Station, Euston Road, London N1 9AL", 51.5308, -0.1238, 'station', true),
  address(11, 'St Pancras International, Euston Road, London N1C 4QP', 51.5322, -0.1269, 'station'),
  address(12, 'Euston Station, Euston Road, London NW1 2RT', 51.5282, -0.1337, 'station'),
  address(13, 'Paddington Station, Praed Street, London W2 1HB', 51.5154, -0.1755, 'station', true),
  address(14, 'Victoria Station, Terminus Place, London SW1V 1JU', 51.4952, -0.1441, 'station'),
  address(15, 'Waterloo Station, Waterloo Road, London SE1 8SW', 51.5031, -0.1132, 'station'),
  address(16, 'Liverpool Street Station, London EC2M 7PY', 51.5178, -0.0823, 'station'),
  address(17, 'London Bridge Station, London SE1 9SP', 51.5052, -0.0864, 'station'),
  address(18, 'Marylebone Station, Melcombe Place, London NW1 6JJ', 51.5225, -0.1631, 'station'),
  address(19, 'The Savoy, Strand, London WC2R 0EZ', 51.5104, -0.1204, 'hotel', true),
  address(20, 'The Ritz London, 150 Piccadilly, London W1J 9BR', 51.5070, -0.1416, 'hotel'),
  address(21, 'The Langham, 1C Portland Place, London W1B 1JA', 51.5179, -0.1440, 'hotel'),
  address(22, 'Hilton London Heathrow Airport Terminal 4, Hounslow TW6 3AF', 51.4582, -0.4436, 'hotel'),
];

export interface SiteKeys {
  publicKey: string;
  secretKey: string;
}

/** Creates the default site with its key pair and no operator data (SEED=none). */
export async function insertDefaultSite(db: Queryable, name: string, keys: SiteKeys): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO sites (name, public_key, secret_key, hosts, is_default, base_lat, base_lon)
     VALUES ($1, $2, $3, '{}', true, $4, $5) RETURNING id`,
    [name, keys.publicKey, keys.secretKey, DEMO_SITE.baseLat, DEMO_SITE.baseLon],
  );
  return rows[0].id;
}

/** The passwords of the demo's corporate passenger, owner, dispatcher and driver. */
export interface DemoPasswords {
  corporate: string;
  owner: string;
  dispatcher: string;
  driver: string;
}

/** The published ones (README), for a deployment on this machine only. */
export const PUBLISHED_DEMO_PASSWORDS: DemoPasswords = { corporate: DEMO_CORPORATE.password, owner: DEMO_STAFF.owner.password, dispatcher: DEMO_STAFF.dispatcher.password, driver: DEMO_DRIVER.password };

/** Seeds the demo operator as the default site, its demo logins with `passwords` (the published ones by default). */
export async function seedDemo(db: Db, options: { googleBrowserKey: string | null; keys?: SiteKeys; passwords?: DemoPasswords }): Promise<number> {
  const passwords = options.passwords ?? PUBLISHED_DEMO_PASSWORDS;
  const passwordHash = await hashPassword(passwords.corporate);
  const driverHash = await hashPassword(passwords.driver);
  const staffHashes = await Promise.all(
    (['owner', 'dispatcher'] as const).map(async (who) => ({ ...DEMO_STAFF[who], passwordHash: await hashPassword(passwords[who]) })),
  );
  return db.transaction(async (tx) => {
    const siteId = await insertDefaultSite(tx, DEMO_SITE.name, options.keys ?? DEMO_KEYS);
    for (const [name, value] of Object.entries(demoSettings(options.googleBrowserKey))) {
      await tx.query('INSERT INTO settings (site_id, setting_name, setting_value) VALUES ($1, $2, $3)', [siteId, name, value]);
    }
    for (const company of DEMO_COMPANIES) {
      await tx.query('INSERT INTO companies (site_id, id, company_name, rating) VALUES ($1, $2, $3, $4)', [siteId, company.id, company.company_name, company.rating]);
    }
    for (const [index, vehicle] of DEMO_VEHICLES.entries()) {
      await tx.query(
        `INSERT INTO vehicle_categories (site_id, id, category_name, vehicle_img, seats, luggage, hand_luggage, wheelchair, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [siteId, vehicle.id, vehicle.category_name, vehicle.vehicle_img, vehicle.seats, vehicle.luggage, vehicle.hand_luggage, vehicle.wheelchair, index],
      );
    }
    for (const [index, entry] of DEMO_ADDRESSES.entries()) {
      await tx.query(
        'INSERT INTO addresses (site_id, id, address, lat, lon, kind, popular, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [siteId, entry.id, entry.address, entry.lat, entry.lon, entry.kind, entry.popular, index],
      );
    }
    // Tariffs, surcharges and banned addresses; the site id is an integer we just made, so it is inlined safely.
    await tx.exec(demoPricingSql().replaceAll('$1', String(Number(siteId))));
    await tx.query(
      'INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES ($1, $2, $3, $4, $5, true)',
      [siteId, DEMO_CORPORATE.name, DEMO_CORPORATE.email, DEMO_CORPORATE.phone, passwordHash],
    );
    for (const member of staffHashes) {
      await tx.query('INSERT INTO staff (site_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)', [siteId, member.email, member.name, member.role, member.passwordHash]);
    }
    const { rows } = await tx.query<{ id: number }>(
      "INSERT INTO drivers (site_id, name, phone, licence_number, licensing_authority, licence_expiry) VALUES ($1, $2, $3, $4, 'Transport for London', $5) RETURNING id",
      [siteId, DEMO_DRIVER.name, DEMO_DRIVER.phone, DEMO_DRIVER.licence_number, DEMO_DRIVER.licence_expiry],
    );
    await tx.query('INSERT INTO driver_accounts (site_id, driver_id, email, password_hash) VALUES ($1, $2, $3, $4)', [siteId, rows[0].id, DEMO_DRIVER.email, driverHash]);
    const car = DEMO_DRIVER.vehicle;
    await tx.query(
      'INSERT INTO vehicles (site_id, registration, make, model, colour, category_id, licence_number, licence_expiry) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [siteId, car.registration, car.make, car.model, car.colour, car.category_id, car.licence_number, car.licence_expiry],
    );
    return siteId;
  });
}
