/**
 * Every operator setting (contract/settings.ts) as the owner meets it in the console's Settings page (issue 19): grouped
 * the way an owner thinks, each with a label, one line on what it does on the public site, its control and its check.
 * The console's form and the server's PUT /api/admin/settings (server/routes/consoleSettings.ts) check values with the
 * same `settingProblem`, so the form refuses exactly what the server refuses. Values stay the spec's text (§3):
 * 'enable'/'disable', 'yes'/'no', pounds as typed ('12.50'), whole minutes.
 *
 * Plain code rather than zod: the console page's chunk stays small (scripts/check-bundle.ts).
 */
import { EMAIL_PATTERN } from './plainChecks.ts';
import { ENABLE, YES, type SettingName } from './settings.ts';
import { WEEKDAYS } from './settlementRules.ts';

/** The shapes a setting's value takes, each with one control in the console and one check. */
export type SettingKind =
  | 'switch' // 'enable' | 'disable'
  | 'yesNo' // 'yes' | 'no'
  | 'money' // pounds and pence, 0 or more
  | 'wheelchair' // '1' offers the free option, '0' hides it: never a price
  | 'minutes'
  | 'seconds'
  | 'count'
  | 'months'
  | 'percent'
  | 'text'
  | 'email'
  | 'secret'
  | 'url' // '' or an https address
  | 'choice'; // one of the entry's `choices`

export type SettingGroupId = 'company' | 'pages' | 'booking' | 'options' | 'payments' | 'maps' | 'policies' | 'dispatch' | 'texts';

export interface SettingEntry {
  name: SettingName;
  group: SettingGroupId;
  kind: SettingKind;
  label: string;
  /** One line: what the setting does on the public site. */
  explanation: string;
  /** A warning shown beside the control where the value reads against intuition (IS_QUOTATION, WHEEL_CHAIR). */
  caution?: string;
  /** Bounds of a number (minutes, months, percent, money) or the longest text. */
  min?: number;
  max?: number;
  /** Text that may not be blank. */
  required?: boolean;
  /** A switch that is on while unset (the passenger texts): anything but 'disable' reads as on. */
  defaultOn?: boolean;
  /** The values a 'choice' takes, each with its label. */
  choices?: readonly { value: string; label: string }[];
}

export const SETTING_GROUPS: readonly { id: SettingGroupId; title: string; description: string }[] = [
  { id: 'company', title: 'Company and contact', description: 'Who you are: shown in the navbar, the footer and every mail.' },
  { id: 'pages', title: 'Pages and sections', description: 'What the public site shows: the navbar and its links, the footer and the home page sections.' },
  { id: 'booking', title: 'Quotes and booking', description: 'How a visitor asks for a price and books.' },
  { id: 'options', title: 'Booking options and their prices', description: 'Extras a visitor adds on the details step. An option with a price of £0 is not offered.' },
  { id: 'payments', title: 'Payment methods', description: 'How passengers may pay on the payment step.' },
  { id: 'maps', title: 'Maps', description: 'Address suggestions and the route map in the browser.' },
  { id: 'policies', title: 'Cancellations, VAT and retention', description: 'Rules after booking: cancelling, changing, receipts and personal data.' },
  { id: 'dispatch', title: 'Dispatch and drivers', description: "When a job may be completed, how offers and job steps reach your drivers, and when a job goes to 'Needs action'." },
  {
    id: 'texts',
    title: 'Text messages',
    description: "Texts to the passenger's UK mobile number. Without Twilio settings on the server they are only kept in the message log.",
  },
];

const MONEY_MAX = 10_000;


/** In the order of SETTING_GROUPS, then as the owner reads each group. */
export const SETTINGS_CATALOGUE: readonly SettingEntry[] = [
  { name: 'Company_Name', group: 'company', kind: 'text', label: 'Company name', explanation: 'Shown beside the logo in the navbar and as the name in the footer and mails.', required: true, max: 120 },
  { name: 'Company_Contact_Info', group: 'company', kind: 'text', label: 'Contact phone', explanation: 'The phone number in the navbar and the home page contact section.', max: 60 },
  { name: 'FROM_EMAIL', group: 'company', kind: 'email', label: 'E-mail address', explanation: 'Mails to passengers come from this address; the footer shows it.', required: true, max: 254 },
  { name: 'CURRENCY', group: 'company', kind: 'text', label: 'Currency symbol', explanation: 'Put before every price on the site (the quotation list always shows £).', required: true, max: 3 },

  { name: 'SHOW_NAVBAR_PAGE', group: 'pages', kind: 'switch', label: 'Navbar', explanation: 'The bar at the top with the logo, phone and links.' },
  { name: 'NAVBAR_OUR_FLEET_PAGE', group: 'pages', kind: 'switch', label: 'Our Fleet link', explanation: 'The Our Fleet link in the navbar (the page itself stays reachable).' },
  { name: 'NAVBAR_URGENT_BOOKING_PAGE', group: 'pages', kind: 'switch', label: 'Urgent Booking link', explanation: 'The Urgent Booking link in the navbar, to the quote request page.' },
  { name: 'CORPORATE_LOGIN', group: 'pages', kind: 'switch', label: 'Corporate Account link', explanation: 'The Corporate Account link in the navbar, for corporate passengers to sign in.' },
  { name: 'SHOW_FOOTER_PAGE', group: 'pages', kind: 'switch', label: 'Footer', explanation: 'The footer with your contact details and the companies you list.' },
  { name: 'SHOW_COMPANY_FLEET_VIEW_SECTION', group: 'pages', kind: 'switch', label: 'Fleet section on home', explanation: "The 'Extensive Fleet' cards below the home page form." },
  { name: 'SHOW_COMPANY_CONTACT_SECTION', group: 'pages', kind: 'switch', label: 'Contact section on home', explanation: 'The 24/7 phone, e-mail and office address below the home page form.' },
  { name: 'SHOW_POPULAR_LOCATION_PAGE', group: 'pages', kind: 'switch', label: 'Popular pick-up locations on home', explanation: 'Your popular pick-up places below the home page form.' },

  {
    name: 'IS_QUOTATION',
    group: 'booking',
    kind: 'switch',
    label: 'Hide the GET A QUOTE tab',
    explanation: 'On: visitors cannot price a trip by distance on the home page (the Hourly Rate tab stays if it is on).',
    caution: "Read it backwards: 'enable' HIDES the GET A QUOTE tab (the spec's meaning). Leave it off to take distance bookings.",
  },
  { name: 'HOURLY_RATE_STATUS', group: 'booking', kind: 'switch', label: 'Hourly Rate tab', explanation: 'Lets visitors hire a car and driver by the hour from the home page.' },
  { name: 'MULTIPLE_PRICES', group: 'booking', kind: 'switch', label: 'Prices from several companies', explanation: 'Lists the vehicles of every company you work with; needed for the cheapest-company choice below.' },
  { name: 'CHEAPEST_COMPANY_PRICE', group: 'booking', kind: 'switch', label: 'Only the cheapest company', explanation: "With the setting above on, keeps only the cheapest company's vehicles in the quotation." },
  { name: 'MULTIPLE_OPERATORS', group: 'booking', kind: 'switch', label: 'Lowest price block', explanation: 'Shows the lowest price across companies at the top of the quotation.' },
  { name: 'GUEST_LOGIN', group: 'booking', kind: 'switch', label: 'Guest bookings', explanation: 'Kept for the spec; the site offers guest booking whatever its value.' },
  { name: 'GRACE_TIME', group: 'booking', kind: 'minutes', label: 'Notice before pick-up', explanation: 'The soonest a pick-up may be booked, in minutes from now (London time).', min: 0, max: 43_200 },

  { name: 'MEET_AND_GREET', group: 'options', kind: 'money', label: 'Meet and greet', explanation: 'Driver waits in arrivals with a name sign; the price per booking.', min: 0, max: MONEY_MAX },
  {
    name: 'WHEEL_CHAIR',
    group: 'options',
    kind: 'wheelchair',
    label: 'Wheelchair option',
    explanation: 'Offers the wheelchair option on the details step, always free of charge.',
    caution: 'Wheelchair access is never charged: the Equality Act 2010 forbids charging a wheelchair user extra, so this is on or off and never a price.',
  },
  { name: 'BABY_PRICE_PER_SEAT', group: 'options', kind: 'money', label: 'Baby seat', explanation: 'Price per baby seat; £0 hides the option.', min: 0, max: MONEY_MAX },
  { name: 'BOOSTER_PRICE_PER_SEAT', group: 'options', kind: 'money', label: 'Booster seat', explanation: 'Price per booster seat; £0 hides the option.', min: 0, max: MONEY_MAX },
  { name: 'SPECIAL_LUGGAGE_PER_PRICE', group: 'options', kind: 'money', label: 'Special luggage', explanation: 'Price per item of special luggage (bikes, skis); £0 hides the option.', min: 0, max: MONEY_MAX },
  { name: 'PRICE_PER_FIVE_WAITING_MIN', group: 'options', kind: 'money', label: 'Waiting time', explanation: 'Price per 5 minutes of waiting booked in advance; £0 hides the option.', min: 0, max: MONEY_MAX },
  { name: 'ROUND_OFF', group: 'options', kind: 'yesNo', label: 'Round prices to whole pounds', explanation: 'Yes: every total is rounded to the nearest pound at the end of pricing.' },

  { name: 'SHOWCARD', group: 'payments', kind: 'yesNo', label: 'Pay by Card', explanation: "Offers 'Pay by Card' on the payment step." },
  { name: 'SHOWPAYINCAR', group: 'payments', kind: 'yesNo', label: 'Pay to driver', explanation: "Offers 'Pay to driver' (pay in the car) on the payment step." },

  {
    name: 'GOOGLE_API_KEY',
    group: 'maps',
    kind: 'secret',
    label: 'Google Maps browser key',
    explanation: "Loads Google's address suggestions and route map in visitors' browsers; blank uses the built-in gazetteer.",
    max: 200,
  },
  {
    name: 'MAP_STYLE_URL',
    group: 'maps',
    kind: 'url',
    label: 'Street map style URL',
    explanation:
      "The console's live map without a Google key: a MapLibre style JSON address from any OpenStreetMap-based provider (for example https://tiles.openfreemap.org/styles/liberty). Its tiles, fonts and icons must come from the same host. Blank draws the built-in schematic.",
    max: 500,
  },

  { name: 'CANCEL_CUTOFF_MINUTES', group: 'policies', kind: 'minutes', label: 'Online cancellation cut-off', explanation: 'Passengers may cancel on their manage page until this many minutes before pick-up.', min: 0, max: 43_200 },
  {
    name: 'PAY_LINK_MINUTES',
    group: 'policies',
    kind: 'minutes',
    label: 'Payment link time limit',
    explanation: 'A phone booking paid by a mailed card link waits this long for its payment (at the latest until an hour before pick-up), then it is cancelled.',
    min: 15,
    max: 10_080,
  },
  { name: 'CANCELLATION_FEE', group: 'policies', kind: 'money', label: 'Cancellation fee', explanation: 'Kept from a card payment when a passenger cancels online.', min: 0, max: MONEY_MAX },
  { name: 'MANAGE_ADDRESS_CHANGES', group: 'policies', kind: 'switch', label: 'Address changes online', explanation: 'Lets passengers change the pick-up, stops and drop-off on their manage page (priced again).' },
  { name: 'VAT_NUMBER', group: 'policies', kind: 'text', label: 'VAT number', explanation: 'Printed on receipts; blank if you are not VAT-registered (a plain receipt).', max: 30 },
  { name: 'VAT_RATE', group: 'policies', kind: 'percent', label: 'VAT rate', explanation: 'The rate receipts show VAT at.', min: 0, max: 100 },
  { name: 'PRICES_INCLUDE_VAT', group: 'policies', kind: 'yesNo', label: 'Prices include VAT', explanation: 'Yes: receipts show the VAT inside each price; no: VAT is added on top.' },
  {
    name: 'RETENTION_MONTHS',
    group: 'policies',
    kind: 'months',
    label: 'Keep personal data for',
    explanation: "Months after a trip before passengers' personal data is anonymised (your booking record is kept).",
    min: 12,
    max: 120,
  },

  {
    name: 'EARLY_COMPLETION_MINUTES',
    group: 'dispatch',
    kind: 'minutes',
    label: 'Early completion allowance',
    explanation: 'A job may be completed this many minutes before its pick-up time (a short job done early); 0: not before the pick-up.',
    min: 0,
    max: 1_440,
  },
  { name: 'DRIVER_OFFER_SECONDS', group: 'dispatch', kind: 'seconds', label: "Offer countdown", explanation: "How long a driver has to accept a job offered on the app before it returns to you.", min: 10, max: 600 },
  { name: 'DRIVER_LEAD_MINUTES', group: 'dispatch', kind: 'minutes', label: "Set off at most", explanation: "A driver may tap 'On my way' from this many minutes before the pick-up.", min: 0, max: 1_440 },
  { name: 'DRIVER_WAITING_MAX_MINUTES', group: 'dispatch', kind: 'minutes', label: 'Waiting time a driver may add', explanation: "The most waiting time a driver may add when completing a job, priced at your 'Waiting time' price per started 5 minutes; 0 hides it.", min: 0, max: 240 },
  { name: 'DRIVER_PARKING_MAX', group: 'dispatch', kind: 'money', label: 'Parking a driver may add', explanation: 'The most a driver may add for parking when completing a job; £0 hides it.', min: 0, max: 200 },
  { name: 'DRIVER_TOLLS_MAX', group: 'dispatch', kind: 'money', label: 'Tolls a driver may add', explanation: 'The most a driver may add for tolls when completing a job; £0 hides it.', min: 0, max: 200 },
  { name: 'NO_SHOW_WAIT_MINUTES', group: 'dispatch', kind: 'minutes', label: 'Wait before a no-show', explanation: 'A driver may mark a no-show this many minutes after the pick-up time or their arrival, whichever is later.', min: 0, max: 240 },
  {
    name: 'AIRPORT_WAIT_INTERNATIONAL_MINUTES',
    group: 'dispatch',
    kind: 'minutes',
    label: 'Airport wait, international flights',
    explanation: 'The driver is due this many minutes after an international flight lands (passport control and luggage).',
    min: 0,
    max: 240,
  },
  { name: 'AIRPORT_WAIT_DOMESTIC_MINUTES', group: 'dispatch', kind: 'minutes', label: 'Airport wait, domestic flights', explanation: 'The driver is due this many minutes after a flight from a UK airport lands.', min: 0, max: 240 },
  { name: 'FLIGHT_LOOKUP_BUDGET', group: 'dispatch', kind: 'count', label: 'Flight look-ups per flight', explanation: 'The most times one flight is looked up at FlightAware (each call is billed); 0 turns look-ups off.', min: 0, max: 50 },
  {
    name: 'FLIGHT_CHECK_START_MINUTES',
    group: 'dispatch',
    kind: 'minutes',
    label: 'Follow a flight from',
    explanation: 'Minutes before its scheduled arrival from which a flight is looked up again, more often as it nears.',
    min: 30,
    max: 1_440,
  },
  { name: 'ASSIGN_BY_MINUTES', group: 'dispatch', kind: 'minutes', label: 'Assign a driver by', explanation: "A booking still without a driver this many minutes before its pick-up goes to 'Needs action'.", min: 0, max: 10_080 },
  {
    name: 'ON_THE_WAY_BY_MINUTES',
    group: 'dispatch',
    kind: 'minutes',
    label: 'Driver on the way by',
    explanation: "A driver on the app who has not tapped 'On my way' this many minutes before the pick-up goes to 'Needs action'.",
    min: 0,
    max: 1_440,
  },
  {
    name: 'AUTO_OFFERS',
    group: 'dispatch',
    kind: 'switch',
    label: 'Automatic offers',
    explanation: 'Offers each accepted booking that needs a driver to the nearest suitable driver on duty, one at a time; a decline or no answer goes to the next.',
  },
  { name: 'AUTO_OFFER_LEAD_MINUTES', group: 'dispatch', kind: 'minutes', label: 'Offer pre-booked jobs from', explanation: 'Automatic offers of a pre-booked job start this many minutes before its pick-up.', min: 0, max: 1_440 },
  { name: 'AUTO_OFFER_TRIES', group: 'dispatch', kind: 'count', label: 'Drivers tried before you', explanation: 'After this many drivers decline or do not answer, automatic offers stop and the booking needs you.', min: 1, max: 20 },
  {
    name: 'AUTO_OFFER_SPEED_KMH',
    group: 'dispatch',
    kind: 'count',
    label: 'Average speed to the pick-up (km/h)',
    explanation: 'Turns the straight-line distance to the pick-up into minutes when Google routing is not set up.',
    min: 5,
    max: 120,
  },
  {
    name: 'PASSENGER_CALLS_DRIVER',
    group: 'dispatch',
    kind: 'switch',
    label: 'Passengers may call the driver',
    explanation: "Shows the driver's phone number on the passenger's live view while the driver is on the way; off: your number only.",
  },
  {
    name: 'SETTLEMENT_WEEK_START',
    group: 'dispatch',
    kind: 'choice',
    label: 'Settlement week starts on',
    explanation: "The first day of each driver's settlement week and weekly statement (London time).",
    choices: WEEKDAYS.map((day) => ({ value: day, label: day[0].toUpperCase() + day.slice(1) })),
  },
  {
    name: 'SETTLEMENT_COMMISSION',
    group: 'dispatch',
    kind: 'choice',
    label: 'What you take of a driver',
    explanation: "A percentage of each completed job's fare, a fixed amount per job, or a fixed rent per week with jobs.",
    choices: [
      { value: 'percent', label: 'Percentage per job' },
      { value: 'per_job', label: 'Fixed amount per job' },
      { value: 'per_week', label: 'Fixed rent per week' },
    ],
  },
  { name: 'SETTLEMENT_COMMISSION_PERCENT', group: 'dispatch', kind: 'percent', label: 'Commission percentage', explanation: "Your share of each completed job's fare, when you take a percentage.", min: 0, max: 100 },
  { name: 'SETTLEMENT_COMMISSION_AMOUNT', group: 'dispatch', kind: 'money', label: 'Fixed commission or rent', explanation: 'The fixed amount per job, or the rent per week, when you take a fixed amount.', min: 0, max: MONEY_MAX },

  { name: 'SMS_BOOKING_CONFIRMED', group: 'texts', kind: 'switch', defaultOn: true, label: 'Booking confirmed', explanation: 'Texts the booking number, pick-up time and place, and the manage link when a booking is made.' },
  { name: 'SMS_DRIVER_ASSIGNED', group: 'texts', kind: 'switch', defaultOn: true, label: 'Driver assigned', explanation: "Texts the driver's first name, the car and its registration when a driver is given the job." },
  { name: 'SMS_DRIVER_ON_THE_WAY', group: 'texts', kind: 'switch', defaultOn: true, label: 'Driver on the way', explanation: "Texts the tracking link, and the time to the pick-up when it is known, when the driver taps 'On my way'." },
  { name: 'SMS_DRIVER_ARRIVED', group: 'texts', kind: 'switch', defaultOn: true, label: 'Driver arrived', explanation: 'Texts the passenger when the driver taps that they have arrived at the pick-up.' },
  { name: 'SMS_REMINDER', group: 'texts', kind: 'switch', defaultOn: true, label: 'Reminder before pick-up', explanation: 'Texts a reminder before the pick-up of a booking made in advance.' },
  { name: 'SMS_REMINDER_MINUTES', group: 'texts', kind: 'minutes', label: 'Remind this long before', explanation: 'How many minutes before the pick-up the reminder is sent (60 when blank).', min: 10, max: 1_440 },
  { name: 'SMS_BOOKING_CANCELLED', group: 'texts', kind: 'switch', defaultOn: true, label: 'Booking cancelled', explanation: 'Texts the passenger when the booking is cancelled, by them or by you.' },
];

const byName = new Map(SETTINGS_CATALOGUE.map((entry) => [entry.name, entry]));

/** The entry of a setting name, or undefined for a name the site does not read. */
export const settingEntry = (name: string): SettingEntry | undefined => byName.get(name as SettingName);

/** The entries of a group, in catalogue order. */
export const groupEntries = (group: SettingGroupId) => SETTINGS_CATALOGUE.filter((entry) => entry.group === group);

/** The stored values of the two-state kinds. */
export const SWITCH_VALUES = { on: ENABLE, off: 'disable' } as const;
export const YES_NO_VALUES = { on: YES, off: 'no' } as const;
export const WHEELCHAIR_VALUES = { on: '1', off: '0' } as const;

const POUNDS = /^\d{1,6}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
// Printable text only: no control characters (a NUL, a line break in a one-line value).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const KEY = /^[A-Za-z0-9_-]+$/;

/** An absolute https URL with a host (and no user name or password in it). */
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The origin a https style URL is served from (the console's policy lets the street map load from it), or null. */
export function styleUrlOrigin(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text !== '' && isHttpsUrl(text) ? new URL(text).origin : null;
}

const within = (entry: SettingEntry, value: number) => (entry.min === undefined || value >= entry.min) && (entry.max === undefined || value <= entry.max);

/** What is wrong with a value for this setting, as the owner reads it (without the setting's name), or null. */
function valueProblem(entry: SettingEntry, value: string): string | null {
  switch (entry.kind) {
    case 'switch':
      return value === SWITCH_VALUES.on || value === SWITCH_VALUES.off ? null : "'enable' or 'disable'";
    case 'yesNo':
      return value === YES_NO_VALUES.on || value === YES_NO_VALUES.off ? null : "'yes' or 'no'";
    case 'wheelchair':
      return value === WHEELCHAIR_VALUES.on || value === WHEELCHAIR_VALUES.off
        ? null
        : 'wheelchair access is never charged (Equality Act 2010): 1 offers the option free of charge, 0 hides it';
    case 'money':
      return POUNDS.test(value) && within(entry, Number(value)) ? null : `a price in pounds and pence from £0 to £${entry.max}, for example 12.50`;
    case 'minutes':
      return WHOLE.test(value) && within(entry, Number(value)) ? null : `whole minutes from ${entry.min} to ${entry.max}`;
    case 'seconds':
      return WHOLE.test(value) && within(entry, Number(value)) ? null : `whole seconds from ${entry.min} to ${entry.max}`;
    case 'count':
      return WHOLE.test(value) && within(entry, Number(value)) ? null : `a whole number from ${entry.min} to ${entry.max}`;
    case 'months':
      return WHOLE.test(value) && within(entry, Number(value)) ? null : `whole months from ${entry.min} to ${entry.max}`;
    case 'percent':
      return PERCENT.test(value) && within(entry, Number(value)) ? null : `a percentage from ${entry.min} to ${entry.max}`;
    case 'email':
      return value.length <= 254 && EMAIL_PATTERN.test(value) ? null : 'one e-mail address';
    case 'secret':
      return value === '' || (value.length <= (entry.max ?? 200) && KEY.test(value)) ? null : 'a key of letters, digits, - and _ only';
    case 'url':
      return value === '' || (value.length <= (entry.max ?? 500) && !CONTROL.test(value) && isHttpsUrl(value)) ? null : 'an https:// address, or blank';
    case 'choice':
      return entry.choices?.some((choice) => choice.value === value) ? null : `one of ${entry.choices?.map((choice) => `'${choice.value}'`).join(', ')}`;
    case 'text':
      if (CONTROL.test(value)) return 'one line of text';
      if (entry.required && value.trim() === '') return 'cannot be blank';
      return value.length <= (entry.max ?? 2000) ? null : `at most ${entry.max} characters`;
  }
}

/**
 * Why a value cannot be stored for a setting, as '<NAME>: <reason>' (the server's 400 message), or null when it can.
 * Null (delete: the setting then reads as missing, as spec §3 allows) is accepted for every setting but the required
 * texts; a name the site does not read is refused.
 */
export function settingProblem(name: string, value: string | null): string | null {
  const entry = settingEntry(name);
  if (!entry) return `${name}: not a setting of this site`;
  if (value === null) return entry.required ? `${name}: cannot be blank` : null;
  const problem = valueProblem(entry, value);
  return problem === null ? null : `${name}: ${problem}`;
}

/** The first problem of a set of changes (in catalogue order, so the message is stable), or null. */
export function firstSettingProblem(changes: Readonly<Record<string, string | null>>): string | null {
  const names = Object.keys(changes).sort((a, b) => catalogueIndex(a) - catalogueIndex(b));
  for (const name of names) {
    const problem = settingProblem(name, changes[name]);
    if (problem) return problem;
  }
  return null;
}

const catalogueIndex = (name: string) => {
  const index = SETTINGS_CATALOGUE.findIndex((entry) => entry.name === name);
  return index < 0 ? -1 : index;
};
