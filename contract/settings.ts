/** Every operator setting the website reads (spec §3 Settings), in the spec's spelling. */
export const SETTING_NAMES = [
  'MULTIPLE_PRICES',
  'CHEAPEST_COMPANY_PRICE',
  'MULTIPLE_OPERATORS',
  'Company_Name',
  'Company_Contact_Info',
  'FROM_EMAIL',
  'NAVBAR_OUR_FLEET_PAGE',
  'NAVBAR_URGENT_BOOKING_PAGE',
  'CORPORATE_LOGIN',
  'SHOW_FOOTER_PAGE',
  'SHOW_NAVBAR_PAGE',
  'SHOW_COMPANY_FLEET_VIEW_SECTION',
  'SHOW_COMPANY_CONTACT_SECTION',
  'SHOW_POPULAR_LOCATION_PAGE',
  'HOURLY_RATE_STATUS',
  'IS_QUOTATION',
  'MEET_AND_GREET',
  'BABY_PRICE_PER_SEAT',
  'BOOSTER_PRICE_PER_SEAT',
  'WHEEL_CHAIR',
  'SPECIAL_LUGGAGE_PER_PRICE',
  'PRICE_PER_FIVE_WAITING_MIN',
  'GRACE_TIME',
  'CURRENCY',
  'GOOGLE_API_KEY',
  // Ours (issue 33): the dispatcher's street map without a Google key, a MapLibre style JSON URL (any OpenStreetMap-based provider).
  'MAP_STYLE_URL',
  'GUEST_LOGIN',
  'SHOWCARD',
  'SHOWPAYINCAR',
  'ROUND_OFF',
  // Ours (issue 18), in the spec's style: the online cancellation cut-off in minutes before pick-up (London time;
  // default 120) and the fee in pounds kept from a card payment when the passenger cancels (default 0).
  'CANCEL_CUTOFF_MINUTES',
  'CANCELLATION_FEE',
  // Ours (issue 18): 'enable' lets passengers change the pick-up, stops and drop-off on the manage page (the trip is
  // routed and priced again by the server); anything else (the default) keeps address changes to the phone.
  'MANAGE_ADDRESS_CHANGES',
  // Ours (issue 18, receipts): the operator's VAT registration number (empty: not VAT-registered, a plain receipt),
  // the VAT rate in percent (default 20) and whether the prices include VAT ('yes', default) or VAT is added on top.
  'VAT_NUMBER',
  'VAT_RATE',
  'PRICES_INCLUDE_VAT',
  // Ours (issue 17): months after which the retention job anonymises passengers' personal data in bookings
  // (default 24, never below 12: the statutory record is kept at least 12 months).
  'RETENTION_MONTHS',
  // Ours (issue 30): minutes before the pick-up time from which a job may be completed (a short job done early;
  // default 0: not before the pick-up time).
  'EARLY_COMPLETION_MINUTES',
  // Ours (issue 32, the driver's app): an offer's countdown in seconds (default 30); how long before the pick-up a
  // driver may set off (minutes, default 60); the wait before a no-show, past the pick-up or the arrival, whichever
  // is later (minutes, default 10).
  'DRIVER_OFFER_SECONDS',
  'DRIVER_LEAD_MINUTES',
  'NO_SHOW_WAIT_MINUTES',
  // Ours (issue 33, flight arrivals): the driver's wait after landing for an international flight (minutes, default 30)
  // and a domestic one (default 15); the most look-ups of one flight at the provider (default 8); how long before the
  // scheduled arrival the server starts following a flight (minutes, default 180).
  'AIRPORT_WAIT_INTERNATIONAL_MINUTES',
  'AIRPORT_WAIT_DOMESTIC_MINUTES',
  'FLIGHT_LOOKUP_BUDGET',
  'FLIGHT_CHECK_START_MINUTES',
  // Ours (issue 33), set by the server, not the owner: 'enable' when flight look-ups are configured (AEROAPI_KEY), so
  // the home page promises flight tracking only when something does it (DERIVED_SETTING_NAMES).
  'FLIGHT_TRACKING',
  // Ours (issue 33, the "Needs action" queue): a booking without a driver this many minutes before its pick-up needs
  // a person (default 120); a driver on the app who has not tapped 'On my way' this many minutes before the pick-up
  // needs one (default 15, never more than DRIVER_LEAD_MINUTES: they may not set off sooner).
  'ASSIGN_BY_MINUTES',
  'ON_THE_WAY_BY_MINUTES',
  // Ours (issue 33, text messages): each passenger text on unless 'disable' (server/domain/texts), and the reminder's
  // minutes before a pre-booked pick-up (default 60).
  'SMS_BOOKING_CONFIRMED',
  'SMS_DRIVER_ASSIGNED',
  'SMS_DRIVER_ON_THE_WAY',
  'SMS_DRIVER_ARRIVED',
  'SMS_REMINDER',
  'SMS_BOOKING_CANCELLED',
  'SMS_REMINDER_MINUTES',
  // Ours (issue 33, automatic offers): 'enable' offers bookings that need a driver to the best suitable driver on duty
  // (default off); pre-booked jobs from this many minutes before the pick-up (default 60); this many drivers tried
  // (declined or no answer) before the booking is left to a person (default 3); the average speed in km/h that turns a
  // straight-line distance into minutes when Google is not keyed (default 20).
  'AUTO_OFFERS',
  'AUTO_OFFER_LEAD_MINUTES',
  'AUTO_OFFER_TRIES',
  'AUTO_OFFER_SPEED_KMH',
  // Ours (issue 33, the passenger's live view): 'enable' shows the driver's phone number to the passenger while the
  // driver is on the way (a call button beside the operator's); anything else (the default) only the operator's number.
  'PASSENGER_CALLS_DRIVER',
  // Ours (issue 35, driver settlement): the day a settlement week starts ('monday' … 'sunday', default monday); what
  // the operator takes of a driver's week ('percent' of each job's fare, default; 'per_job' fixed; 'per_week' fixed
  // rent); the percentage (default 0) and the fixed amount in pounds (default 0).
  'SETTLEMENT_WEEK_START',
  'SETTLEMENT_COMMISSION',
  'SETTLEMENT_COMMISSION_PERCENT',
  'SETTLEMENT_COMMISSION_AMOUNT',
  // Ours (issue 32, completion with extras): what a driver may add when completing a job, each limit 0 (the default)
  // hides it: waiting time in minutes (priced by PRICE_PER_FIVE_WAITING_MIN per started 5 minutes), parking and tolls
  // in pounds.
  'DRIVER_WAITING_MAX_MINUTES',
  'DRIVER_PARKING_MAX',
  'DRIVER_TOLLS_MAX',
  // Ours (issue 34, card by payment link): how long a phone booking waits for its mailed card payment, in minutes
  // (default 1440, a day), and never later than PAY_LINK_BEFORE_PICKUP_MINUTES before its pick-up; then it is released.
  'PAY_LINK_MINUTES',
] as const;

/** Settings the server works out from its deployment and adds to the site's own: never stored, never the owner's to set. */
export const DERIVED_SETTING_NAMES = ['FLIGHT_TRACKING'] as const satisfies readonly (typeof SETTING_NAMES)[number][];
export type DerivedSettingName = (typeof DERIVED_SETTING_NAMES)[number];

export type SettingName = (typeof SETTING_NAMES)[number];

/** Toggle settings are on when their value is exactly 'enable' (spec §3). */
export const ENABLE = 'enable';
export const YES = 'yes';

/** Settings as the browser holds them: every name present, null when the provider sent none. */
export type Settings = Record<SettingName, string | null>;

export interface SettingRow {
  setting_name: string;
  setting_value: string | null;
}

export function isSettingName(name: string): name is SettingName {
  return (SETTING_NAMES as readonly string[]).includes(name);
}

export function settingsFromRows(rows: readonly SettingRow[] | null | undefined): Settings {
  const settings = Object.fromEntries(SETTING_NAMES.map((name) => [name, null])) as Settings;
  for (const row of rows ?? []) {
    if (isSettingName(row.setting_name)) settings[row.setting_name] = row.setting_value;
  }
  return settings;
}

export const isEnabled = (settings: Settings, name: SettingName) => settings[name] === ENABLE;
export const isYes = (settings: Settings, name: SettingName) => settings[name] === YES;
