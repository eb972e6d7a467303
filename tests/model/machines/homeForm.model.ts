/**
 * The home forms' model (machines/homeForm): tabs, Add Return and its cross, Extra Stops, the locate icon (on both
 * tabs: the position, then the nearest address fills the pick-up), a popular pickup location tapped, a suggested
 * address picked for a stop, Search; "Same trip as last time" from the device (a returning visitor) or from the account
 * (a signed-in corporate passenger: their last trip asked for at start).
 * Parallel regions `form`, `location` and `account`; `account.checking`, `checkingQuote` / `checkingHourly` are eventless and never at rest.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { FALLBACK_LOCATION, LocationRefused, MAX_STOPS, homeFormMachine, hourlyErrors, quoteErrors, type HomeFormContext, type HomeFormInput } from '../../../machines/homeForm/index.ts';
import type { MachineModel } from '../types.ts';
import { outcome, variant } from './helpers.ts';

const m = homeFormMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as HomeFormContext;

/** 10:02 in London on a summer weekday. */
export const HOME_NOW = new Date('2030-06-03T09:02:00Z');
const BOTH = { IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'enable' };
const QUOTE_ONLY = { IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'disable' };
export const HOME_LOCATION = { lat: 51.4700, lon: -0.4543 };
/** The nearest address the server names for HOME_LOCATION, and the popular pickup location a path taps. */
export const HOME_ADDRESS = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
export const POPULAR_PICKUP = 'Paddington Station, Praed Street, London W2 1HB';
/** A saved address a path picks from stop 1's suggestions. */
export const STOP_PLACE = 'Marylebone Station, Melcombe Place, London NW1 6JJ';
/** Issue 37: what "Remember my details on this device" kept: a one-way trip with one extra stop. */
export const REMEMBERED_TRIP_DETAILS = {
  firstName: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  number: '+44 7700 900123',
  trip: { bookingType: 'milleage', pickup: POPULAR_PICKUP, dropoff: 'The Savoy, Strand, London WC2R 0EZ', stops: [{ street_name: 'Marylebone Station, Melcombe Place', number: '', postcode: 'London NW1 6JJ' }], pickup_duration: '' },
} as const;

/** Issue 37: the signed-in corporate passenger's last booked trip (GET /corporate/last-trip), a one-way trip with one stop. */
export const ACCOUNT_TRIP = REMEMBERED_TRIP_DETAILS.trip;

export const homeFormModel: MachineModel = {
  id: 'homeForm',
  title: 'home forms',
  machine: m,
  origins: [
    { id: 'fresh', label: 'a first visit (both tabs)', input: { settings: BOTH, storedBookingType: null, storedBookingForm: null, storedHourlyRateForm: null, now: HOME_NOW } satisfies HomeFormInput },
    {
      id: 'returning',
      label: 'a returning visitor whose details and last trip are kept on this device (both tabs)',
      input: { settings: BOTH, storedBookingType: null, storedBookingForm: null, storedHourlyRateForm: null, storedRemembered: REMEMBERED_TRIP_DETAILS, now: HOME_NOW } satisfies HomeFormInput,
    },
    {
      id: 'corporate',
      label: 'a signed-in corporate passenger (both tabs): their last trip is asked for',
      input: { settings: BOTH, storedBookingType: null, storedBookingForm: null, storedHourlyRateForm: null, signedIn: true, now: HOME_NOW } satisfies HomeFormInput,
    },
  ],
  variants: [
    variant('tab.select:quote', { type: 'tab.select', tab: 'quote' }, 'GET A QUOTE tab'),
    variant('tab.select:hourly', { type: 'tab.select', tab: 'hourly' }, 'Hourly Rate tab'),
    variant('settings.update:both', { type: 'settings.update', settings: BOTH }, 'settings: both tabs'),
    variant('settings.update:quoteOnly', { type: 'settings.update', settings: QUOTE_ONLY }, 'settings: hourly switched off'),
    variant('quote.change:addresses', { type: 'quote.change', values: { pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', dropoff: 'The Savoy, Strand, London WC2R 0EZ' } }, 'type Pick-Up and Drop-Off'),
    variant('quote.change:clearPickup', { type: 'quote.change', values: { pickup: '' } }, 'clear Pick-Up'),
    variant('return.add', { type: 'return.add' }, 'Add Return'),
    variant('return.remove', { type: 'return.remove' }, 'remove the return (cross)'),
    variant('stop.add', { type: 'stop.add' }, 'Extra Stop'),
    variant('stop.remove', { type: 'stop.remove', index: 0 }, 'remove stop 1'),
    variant('stop.change', { type: 'stop.change', index: 0, values: { street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' } }, 'fill in stop 1'),
    variant('stop.place', { type: 'stop.place', index: 0, address: STOP_PLACE }, 'pick a suggested address for stop 1'),
    variant('hourly.change:pickup', { type: 'hourly.change', values: { pickup: 'Paddington Station, Praed Street, London W2 1HB' } }, 'type the hourly Pick-Up'),
    variant('hourly.change:clear', { type: 'hourly.change', values: { pickup: '' } }, 'clear the hourly Pick-Up'),
    variant('location.request', { type: 'location.request' }, 'Use my location'),
    variant('pickup.fill', { type: 'pickup.fill', address: POPULAR_PICKUP }, 'tap a popular pickup location'),
    variant('trip.repeat', { type: 'trip.repeat' }, 'Same trip as last time'),
    variant('search', { type: 'search' }, 'Search'),
    variant('geolocate:done', { type: outcome(m, 'geolocate', 'done'), output: HOME_LOCATION }, 'the browser gives a position'),
    variant('geolocate:error', { type: outcome(m, 'geolocate', 'error'), error: new Error('Timeout expired') }, 'no position (timed out)'),
    variant('geolocate:refused', { type: outcome(m, 'geolocate', 'error'), error: new LocationRefused() }, 'the visitor refuses the position'),
    variant('nearestAddress:done', { type: outcome(m, 'nearestAddress', 'done'), output: HOME_ADDRESS }, 'the server names the nearest address'),
    variant('nearestAddress:none', { type: outcome(m, 'nearestAddress', 'done'), output: null }, 'no address near the position'),
    variant('lastBookedTrip:done', { type: outcome(m, 'lastBookedTrip', 'done'), output: ACCOUNT_TRIP }, "the server names the passenger's last trip"),
    variant('lastBookedTrip:none', { type: outcome(m, 'lastBookedTrip', 'done'), output: null }, 'the passenger has booked nothing yet'),
    variant('lastBookedTrip:error', { type: outcome(m, 'lastBookedTrip', 'error'), error: new Error('Please sign in again') }, 'the last trip cannot be had (session expired)'),
    variant('nearestAddress:error', { type: outcome(m, 'nearestAddress', 'error'), error: new Error('Network error') }, 'the address lookup fails'),
  ],
  abstract: (s) => {
    const c = ctx(s);
    return {
      settings: c.settings.HOURLY_RATE_STATUS,
      tab: c.tab,
      quoteReady: Object.keys(quoteErrors(c.quote, c.today)).length === 0,
      hourlyReady: Object.keys(hourlyErrors(c.hourly, c.today)).length === 0,
      shown: Object.keys(c.errors).length > 0,
      stops: c.quote.stops.length,
      trip: c.quote.select_option,
      location: c.hourly.userLocation === null ? null : c.hourly.userLocation.lat === FALLBACK_LOCATION.lat ? 'fallback' : 'browser',
      lastTrip: c.lastTrip !== null,
    };
  },
  // As the views offer them: the quote form's controls on its tab, the hourly form's (with the locate icon) on its
  // tab. Past two stops only Extra Stop, remove and Search are offered: more stops add nothing but length until the
  // tenth, where Extra Stop is refused.
  offer: (s, v) => {
    const c = ctx(s);
    // The position (within 10 s) and then its address come before anything else: the model takes their answers first.
    if (s.matches({ location: 'locating' }) || s.matches({ location: 'naming' })) return v.event.type.startsWith('xstate.');
    // The signed-in passenger's last trip is asked for as the form starts: its answer comes first.
    if (s.matches({ account: 'loading' })) return v.key.startsWith('lastBookedTrip:');
    // The returning visitor (issue 37): "Same trip as last time", the tabs and Search (the rest is the first visit's).
    if (c.lastTrip !== null) return ['trip.repeat', 'tab.select', 'search'].includes(v.event.type);
    if (v.event.type === 'trip.repeat') return false;
    const quoteControl = ['quote.change', 'return.add', 'return.remove', 'stop.add', 'stop.remove', 'stop.change', 'stop.place'].includes(v.event.type);
    const hourlyControl = v.event.type === 'hourly.change';
    if (quoteControl && c.tab !== 'quote') return false;
    if (hourlyControl && c.tab !== 'hourly') return false;
    if (v.event.type === 'return.add') return c.quote.select_option !== 'return';
    if (v.event.type === 'return.remove') return c.quote.select_option === 'return';
    if (v.event.type === 'stop.remove' || v.event.type === 'stop.change' || v.event.type === 'stop.place') return c.quote.stops.length > 0;
    if (c.quote.stops.length >= 2 && c.tab === 'quote') return ['stop.add', 'stop.remove', 'search'].includes(v.event.type) || v.event.type.startsWith('xstate.');
    return true;
  },
  limit: 20_000,
  silence: ['logLocationFailure'],
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    'form.editing': ({ snapshot }) => {
      const c = ctx(snapshot);
      expect(c.quote.stops.length).toBeLessThanOrEqual(MAX_STOPS);
      // Fields marked by Search are exactly the checks' findings for fields not changed since.
      const now = { ...quoteErrors(c.quote, c.today), ...hourlyErrors(c.hourly, c.today) };
      for (const field of Object.keys(c.errors)) expect(Object.keys(now), field).toContain(field);
      if (c.quote.select_option === 'return') expect(c.quote.return_date).not.toBeNull();
    },
    'account.guest': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).signedIn).toBe(false);
      expect(invocations.lastBookedTrip ?? []).toHaveLength(0);
    },
    'account.loading': ({ snapshot, invocations }) => {
      // Signed in: the device's trip is not offered while the account's is asked for.
      expect(ctx(snapshot).lastTrip).toBeNull();
      expect((invocations.lastBookedTrip ?? []).length).toBe(1);
    },
    'account.loaded': ({ snapshot }) => {
      const c = ctx(snapshot);
      // The account's answer: its trip, or none.
      if (c.lastTrip !== null) expect(c.lastTrip).toEqual(ACCOUNT_TRIP);
    },
    'account.unavailable': ({ snapshot }) => {
      expect(ctx(snapshot).lastTrip).toBeNull();
    },
    'location.idle': ({ snapshot }) => {
      expect(ctx(snapshot).hourly.userLocation).toBeNull();
    },
    'location.locating': ({ invocations }) => {
      expect((invocations.geolocate ?? []).length).toBeGreaterThan(0);
    },
    'location.located': ({ snapshot }) => {
      expect(ctx(snapshot).hourly.userLocation).toEqual(HOME_LOCATION);
    },
    'location.naming': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).hourly.userLocation).toEqual(HOME_LOCATION);
      expect((invocations.nearestAddress ?? []).length).toBeGreaterThan(0);
    },
    'location.filled': ({ snapshot }) => {
      const c = ctx(snapshot);
      expect(c.hourly.userLocation).toEqual(HOME_LOCATION);
      expect(c.locatedAddress).toBe(HOME_ADDRESS);
    },
    'location.refused': ({ snapshot }) => {
      // Refused: central London is stored all the same (spec §9), and the pick-up is left to the visitor.
      expect(ctx(snapshot).hourly.userLocation).toEqual(FALLBACK_LOCATION);
    },
    'location.fallback': ({ snapshot }) => {
      // Spec §8: no position → central London, logged only.
      expect(ctx(snapshot).hourly.userLocation).toEqual(FALLBACK_LOCATION);
    },
  },
  guardChecks: [
    {
      label: 'a tab the settings hide cannot be chosen',
      event: { type: 'tab.select', tab: 'hourly' },
      expected: (s) => (s.matches({ form: 'editing' }) ? { can: ctx(s).settings.HOURLY_RATE_STATUS === 'enable' } : undefined),
    },
    {
      label: `Extra Stop up to ${MAX_STOPS} stops`,
      event: { type: 'stop.add' },
      expected: (s) => (s.matches({ form: 'editing' }) ? { can: ctx(s).quote.stops.length < MAX_STOPS } : undefined),
    },
  ],
};
