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
] as const;

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
