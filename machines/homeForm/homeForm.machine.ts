/**
 * The home page's booking forms (spec §2 Home, §4 Home): which tab shows, the quote form (Add Return and its cross,
 * Extra Stops added and removed) and the hourly form (the locate icon). Values are saved on every change
 * (`persistQuote`, `persistHourly`) and Search hands a checked form to the booking flow (`submitQuote`,
 * `submitHourly`, supplied by the composition root). Top-level regions, both always active:
 *
 * - form      `editing`: the visitor fills in the shown tab; Search with a missing or wrong field stays here and
 *             marks the fields (`errors`); a good Search calls submitQuote / submitHourly.
 * - location  "Use my location" on the tab on show: `idle` | `locating` (the browser's position, at most 10 s) |
 *             `naming` (the nearest address: GET /api/v1/places/nearest) | `filled` (that tab's pick-up holds the
 *             address, unless the visitor typed one meanwhile) | `located` (a position, no address to fill) |
 *             `refused` (the visitor said no) | `fallback` (no position otherwise). Without a position central London
 *             is stored, and the failure is logged.
 *
 * `trip.repeat` ("Same trip as last time", issue 37): the trip a returning visitor booked with "Remember my details on
 * this device" ticked fills its tab's places (pick-up, drop-off and stops, or the hourly pick-up and duration); the
 * date and time stay the form's. That trip's type also picks the first tab when nothing else is saved.
 *
 * - account   a signed-in corporate passenger's last trip (issue 37): `checking` (eventless) → `guest` (no session:
 *             no call) | `loading` (GET /api/v1/corporate/last-trip) → `loaded` (their newest booking's trip, if any,
 *             is `lastTrip`) | `unavailable` (the call failed: nothing offered). Signed in, the trip remembered on the
 *             device is not offered (it may be someone else's on a shared device): the account's is. Its arrival
 *             leaves the tab as it is (no jump under the visitor's finger).
 *
 * `pickup.fill` (a popular pickup location tapped) fills the pick-up of the tab on show. `stop.place` (a suggested
 * address picked in an extra stop's street field) fills that stop's street, number and city or post code at once.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { BookingForm, HourlyRateForm, LatLon, Stop } from '../../contract/booking.ts';
import { readRememberedDetails, type RememberedTrip } from '../../contract/rememberedDetails.ts';
import { ENABLE } from '../../contract/settings.ts';
import { homeFormActors, LocationRefused } from './homeForm.actors.ts';
import {
  EMPTY_STOP,
  FALLBACK_LOCATION,
  stopFromAddress,
  hourlyErrors,
  londonClock,
  MAX_STOPS,
  quoteErrors,
  restoreHourlyForm,
  restoreQuoteForm,
  submittedHourly,
  submittedQuote,
  type FormErrors,
} from './homeForm.form.ts';

export type HomeTab = 'quote' | 'hourly';

/** The two settings that decide the tabs (spec §2 Home). */
export interface HomeTabSettings {
  IS_QUOTATION: string | null;
  HOURLY_RATE_STATUS: string | null;
}

export interface HomeFormInput {
  settings: HomeTabSettings;
  /** The stored BookingType ('milleage' | 'hourly'), BookingForm and HourlyRateForm; null when missing. */
  storedBookingType: string | null;
  storedBookingForm: unknown;
  storedHourlyRateForm: unknown;
  /** RememberedDetails as stored (issue 37): its trip, if any, is offered as "Same trip as last time". */
  storedRemembered?: unknown;
  /** A corporate session is stored (issue 37): its last trip is asked for, and offered instead of the device's. */
  signedIn?: boolean;
  now: Date;
}

export interface HomeFormContext {
  settings: HomeTabSettings;
  tab: HomeTab;
  quote: BookingForm;
  hourly: HourlyRateForm;
  /** Today in London, YYYY-MM-DD: the earliest pickup date. */
  today: string;
  /** Fields Search found wrong; a field's message goes when it changes. Keys: 'pickup', 'stops.0.postcode' … */
  errors: FormErrors;
  /** "Use my location": the tab it was asked on, that tab's pick-up then, and the address it filled in. */
  locateFor: HomeTab;
  pickupAtRequest: string;
  locatedAddress: string | null;
  /** The trip kept on this device with the visitor's consent, or the signed-in passenger's last booked trip, or null. */
  lastTrip: RememberedTrip | null;
  /** A corporate session was stored when the form started. */
  signedIn: boolean;
}

export type HomeFormEvent =
  | { type: 'tab.select'; tab: HomeTab }
  | { type: 'settings.update'; settings: HomeTabSettings }
  | { type: 'quote.change'; values: Partial<Omit<BookingForm, 'stops'>> }
  | { type: 'return.add' }
  | { type: 'return.remove' }
  | { type: 'stop.add' }
  | { type: 'stop.remove'; index: number }
  | { type: 'stop.change'; index: number; values: Partial<Stop> }
  /** A suggested address picked for an extra stop: split into its street, number and city or post code. */
  | { type: 'stop.place'; index: number; address: string }
  | { type: 'hourly.change'; values: Partial<Omit<HourlyRateForm, 'userLocation'>> }
  | { type: 'location.request' }
  /** A popular pickup location tapped: the pick-up of the tab on show. */
  | { type: 'pickup.fill'; address: string }
  /** "Same trip as last time": the remembered trip's places fill its tab. */
  | { type: 'trip.repeat' }
  | { type: 'search' };

export const quoteTabShown = (settings: HomeTabSettings) => settings.IS_QUOTATION !== ENABLE;
export const hourlyTabShown = (settings: HomeTabSettings) => settings.HOURLY_RATE_STATUS === ENABLE;

/** Spec §4 Home: the saved booking type's tab when it shows; else hourly when both show; else the one that shows (quote by default). */
export function initialTab(settings: HomeTabSettings, storedBookingType: string | null): HomeTab {
  const quote = quoteTabShown(settings);
  const hourly = hourlyTabShown(settings);
  if (storedBookingType === 'milleage' && quote) return 'quote';
  if (storedBookingType === 'hourly' && hourly) return 'hourly';
  if (quote && hourly) return 'hourly';
  return hourly ? 'hourly' : 'quote';
}

const pickupOf = (context: HomeFormContext, tab: HomeTab) => (tab === 'quote' ? context.quote.pickup : context.hourly.pickup);

// Both return the same object when nothing changes: every field of both tabs' panels (both in the page) selects
// `errors`, and a new object, even an empty one, renders them all again (a tab tap, each keystroke).
const withoutErrors = (errors: FormErrors, fields: string[]) =>
  fields.some((field) => field in errors) ? Object.fromEntries(Object.entries(errors).filter(([key]) => !fields.includes(key))) : errors;
const noErrors = (errors: FormErrors): FormErrors => (Object.keys(errors).length ? {} : errors);

export const homeFormMachine = setup({
  types: {
    context: {} as HomeFormContext,
    events: {} as HomeFormEvent,
    input: {} as HomeFormInput,
  },
  actors: homeFormActors,
  guards: {
    quoteTab: ({ context }) => context.tab === 'quote',
    quoteReady: ({ context }) => Object.keys(quoteErrors(context.quote, context.today)).length === 0,
    hourlyReady: ({ context }) => Object.keys(hourlyErrors(context.hourly, context.today)).length === 0,
    tabShown: ({ context, event }) =>
      event.type === 'tab.select' && (event.tab === 'quote' ? quoteTabShown(context.settings) : hourlyTabShown(context.settings)),
    canAddStop: ({ context }) => context.quote.stops.length < MAX_STOPS,
    /** A trip is remembered and its tab shows. */
    lastTripShown: ({ context }) =>
      context.lastTrip !== null && (context.lastTrip.bookingType === 'milleage' ? quoteTabShown(context.settings) : hourlyTabShown(context.settings)),
    signedIn: ({ context }) => context.signedIn,
    stopExists: ({ context, event }) => event.type === 'stop.place' && event.index >= 0 && event.index < context.quote.stops.length,
    locationRefused: (_, params: { error: unknown }) => params.error instanceof LocationRefused,
    /** An address was found, and the pick-up is as it was when the visitor asked (not typed meanwhile). */
    addressFits: ({ context }, params: { address: string | null }) => Boolean(params.address) && pickupOf(context, context.locateFor) === context.pickupAtRequest,
  },
  actions: {
    // ── Effects supplied by the composition root ──
    /** Save the quote form under BookingForm (plain JSON). */
    persistQuote: (_, _params: { bookingForm: BookingForm }) => {},
    /** Save the hourly form under HourlyRateForm (encoded). */
    persistHourly: (_, _params: { hourlyRateForm: HourlyRateForm }) => {},
    /** Hand the checked form to the booking flow (quote.submit / hourly.submit). */
    submitQuote: (_, _params: { bookingForm: BookingForm }) => {},
    submitHourly: (_, _params: { hourlyRateForm: HourlyRateForm }) => {},
    /** Spec §8 "Logged only": geolocation failure or absence. */
    logLocationFailure: (_, params: { error: unknown }) => console.warn('Geolocation failed; using central London', params.error),

    // ── Context ──
    selectTab: assign(({ context, event }) => (event.type === 'tab.select' ? { tab: event.tab, errors: noErrors(context.errors) } : {})),
    updateSettings: assign(({ context, event }) => {
      assertEvent(event, 'settings.update');
      const shown = context.tab === 'quote' ? quoteTabShown(event.settings) : hourlyTabShown(event.settings);
      return { settings: event.settings, tab: shown ? context.tab : initialTab(event.settings, null) };
    }),
    changeQuote: assign(({ context, event }) => {
      assertEvent(event, 'quote.change');
      return { quote: { ...context.quote, ...event.values }, errors: withoutErrors(context.errors, Object.keys(event.values)) };
    }),
    addReturn: assign(({ context }) => ({
      quote: {
        ...context.quote,
        select_option: 'return' as const,
        return_date: context.quote.return_date ?? context.quote.pickup_date,
        return_hour: context.quote.return_hour ?? context.quote.pickup_hour,
        return_min: context.quote.return_min ?? context.quote.pickup_min,
        return_passengers: context.quote.passengers,
        return_luggages: context.quote.luggages,
        return_hand_luggages: context.quote.hand_luggages,
      },
    })),
    removeReturn: assign(({ context }) => ({
      quote: { ...context.quote, select_option: 'one_way' as const, return_date: null, return_hour: null, return_min: null },
      errors: withoutErrors(context.errors, ['return_date', 'return_hour', 'return_min']),
    })),
    addStop: assign(({ context }) => ({ quote: { ...context.quote, stops: [...context.quote.stops, { ...EMPTY_STOP }] } })),
    removeStop: assign(({ context, event }) => {
      assertEvent(event, 'stop.remove');
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([key]) => !key.startsWith('stops.')));
      return { quote: { ...context.quote, stops: context.quote.stops.filter((_, i) => i !== event.index) }, errors };
    }),
    changeStop: assign(({ context, event }) => {
      assertEvent(event, 'stop.change');
      const stops = context.quote.stops.map((stop, i) => (i === event.index ? { ...stop, ...event.values } : stop));
      return { quote: { ...context.quote, stops }, errors: withoutErrors(context.errors, Object.keys(event.values).map((k) => `stops.${event.index}.${k}`)) };
    }),
    placeStop: assign(({ context, event }) => {
      assertEvent(event, 'stop.place');
      const stops = context.quote.stops.map((stop, i) => (i === event.index ? stopFromAddress(event.address, stop) : stop));
      return { quote: { ...context.quote, stops }, errors: withoutErrors(context.errors, ['street_name', 'number', 'postcode'].map((k) => `stops.${event.index}.${k}`)) };
    }),
    changeHourly: assign(({ context, event }) => {
      assertEvent(event, 'hourly.change');
      return { hourly: { ...context.hourly, ...event.values }, errors: withoutErrors(context.errors, Object.keys(event.values)) };
    }),
    setLocation: assign(({ context }, params: { location: LatLon }) => ({ hourly: { ...context.hourly, userLocation: params.location } })),
    startLocating: assign(({ context }) => ({ locateFor: context.tab, pickupAtRequest: pickupOf(context, context.tab), locatedAddress: null })),
    setPickup: assign(({ context }, params: { tab: HomeTab; address: string }) => ({
      ...(params.tab === 'quote' ? { quote: { ...context.quote, pickup: params.address } } : { hourly: { ...context.hourly, pickup: params.address } }),
      errors: withoutErrors(context.errors, ['pickup']),
    })),
    repeatTrip: assign(({ context }) => {
      const trip = context.lastTrip;
      if (!trip) return {};
      if (trip.bookingType === 'hourly') return { tab: 'hourly' as const, hourly: { ...context.hourly, pickup: trip.pickup, pickup_duration: trip.pickup_duration || context.hourly.pickup_duration }, errors: noErrors(context.errors) };
      return { tab: 'quote' as const, quote: { ...context.quote, pickup: trip.pickup, dropoff: trip.dropoff, stops: trip.stops.slice(0, MAX_STOPS).map((stop) => ({ ...stop })) }, errors: noErrors(context.errors) };
    }),
    setAccountTrip: assign((_, params: { trip: RememberedTrip | null }) => ({ lastTrip: params.trip })),
    setLocatedAddress: assign((_, params: { address: string }) => ({ locatedAddress: params.address })),
    markQuoteErrors: assign(({ context }) => ({ errors: quoteErrors(context.quote, context.today) })),
    markHourlyErrors: assign(({ context }) => ({ errors: hourlyErrors(context.hourly, context.today) })),
    clearErrors: assign(({ context }) => ({ errors: noErrors(context.errors) })),
  },
}).createMachine({
  id: 'homeForm',
  context: ({ input }) => {
    const signedIn = input.signedIn === true;
    const lastTrip = signedIn ? null : (readRememberedDetails(input.storedRemembered)?.trip ?? null);
    const storedType = input.storedBookingType ?? lastTrip?.bookingType ?? null;
    return {
    settings: input.settings,
    tab: initialTab(input.settings, storedType),
    quote: restoreQuoteForm(input.storedBookingForm, input.now),
    hourly: restoreHourlyForm(input.storedHourlyRateForm, input.now),
    today: londonClock(input.now).date,
    errors: {},
    locateFor: initialTab(input.settings, storedType),
    pickupAtRequest: '',
    locatedAddress: null,
    lastTrip,
    signedIn,
    };
  },
  type: 'parallel',
  on: {
    'settings.update': { actions: 'updateSettings' },
  },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'tab.select': { guard: 'tabShown', actions: 'selectTab' },
            'quote.change': { actions: ['changeQuote', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'return.add': { actions: ['addReturn', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'return.remove': { actions: ['removeReturn', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'stop.add': { guard: 'canAddStop', actions: ['addStop', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'stop.remove': { actions: ['removeStop', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'stop.change': { actions: ['changeStop', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'stop.place': { guard: 'stopExists', actions: ['placeStop', { type: 'persistQuote', params: ({ context }) => ({ bookingForm: context.quote }) }] },
            'hourly.change': { actions: ['changeHourly', { type: 'persistHourly', params: ({ context }) => ({ hourlyRateForm: context.hourly }) }] },
            'pickup.fill': {
              actions: [
                { type: 'setPickup', params: ({ context, event }) => ({ tab: context.tab, address: event.address }) },
                // Saves the form of that tab (BookingForm or HourlyRateForm).
                enqueueActions(({ context, enqueue }) => {
                  if (context.tab === 'quote') enqueue({ type: 'persistQuote', params: { bookingForm: context.quote } });
                  else enqueue({ type: 'persistHourly', params: { hourlyRateForm: context.hourly } });
                }),
              ],
            },
            'trip.repeat': {
              guard: 'lastTripShown',
              actions: [
                'repeatTrip',
                enqueueActions(({ context, enqueue }) => {
                  if (context.tab === 'quote') enqueue({ type: 'persistQuote', params: { bookingForm: context.quote } });
                  else enqueue({ type: 'persistHourly', params: { hourlyRateForm: context.hourly } });
                }),
              ],
            },
            search: [
              { guard: 'quoteTab', target: 'checkingQuote' },
              { target: 'checkingHourly' },
            ],
          },
        },
        checkingQuote: {
          always: [
            { guard: 'quoteReady', target: 'editing', actions: ['clearErrors', { type: 'submitQuote', params: ({ context }) => ({ bookingForm: submittedQuote(context.quote) }) }] },
            { target: 'editing', actions: 'markQuoteErrors' },
          ],
        },
        checkingHourly: {
          always: [
            { guard: 'hourlyReady', target: 'editing', actions: ['clearErrors', { type: 'submitHourly', params: ({ context }) => ({ hourlyRateForm: submittedHourly(context.hourly) }) }] },
            { target: 'editing', actions: 'markHourlyErrors' },
          ],
        },
      },
    },
    location: {
      initial: 'idle',
      states: {
        idle: { on: { 'location.request': { target: 'locating', actions: 'startLocating' } } },
        locating: {
          invoke: {
            src: 'geolocate',
            onDone: {
              target: 'naming',
              actions: [
                { type: 'setLocation', params: ({ event }) => ({ location: event.output }) },
                { type: 'persistHourly', params: ({ context }) => ({ hourlyRateForm: context.hourly }) },
              ],
            },
            onError: [
              {
                guard: { type: 'locationRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: [
                  { type: 'logLocationFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'setLocation', params: { location: FALLBACK_LOCATION } },
                  { type: 'persistHourly', params: ({ context }) => ({ hourlyRateForm: context.hourly }) },
                ],
              },
              {
                target: 'fallback',
                actions: [
                  { type: 'logLocationFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'setLocation', params: { location: FALLBACK_LOCATION } },
                  { type: 'persistHourly', params: ({ context }) => ({ hourlyRateForm: context.hourly }) },
                ],
              },
            ],
          },
        },
        naming: {
          invoke: {
            src: 'nearestAddress',
            input: ({ context }) => context.hourly.userLocation ?? FALLBACK_LOCATION,
            onDone: [
              {
                guard: { type: 'addressFits', params: ({ event }) => ({ address: event.output }) },
                target: 'filled',
                actions: [
                  { type: 'setPickup', params: ({ context, event }) => ({ tab: context.locateFor, address: event.output! }) },
                  { type: 'setLocatedAddress', params: ({ event }) => ({ address: event.output! }) },
                  enqueueActions(({ context, enqueue }) => {
                    if (context.locateFor === 'quote') enqueue({ type: 'persistQuote', params: { bookingForm: context.quote } });
                    else enqueue({ type: 'persistHourly', params: { hourlyRateForm: context.hourly } });
                  }),
                ],
              },
              { target: 'located' },
            ],
            // No address (the server cannot be reached): the position is kept for the suggestions.
            onError: 'located',
          },
        },
        filled: { on: { 'location.request': { target: 'locating', actions: 'startLocating' } } },
        located: { on: { 'location.request': { target: 'locating', actions: 'startLocating' } } },
        refused: { on: { 'location.request': { target: 'locating', actions: 'startLocating' } } },
        fallback: { on: { 'location.request': { target: 'locating', actions: 'startLocating' } } },
      },
    },
    account: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'signedIn', target: 'loading' }, { target: 'guest' }] },
        guest: {},
        loading: {
          invoke: {
            src: 'lastBookedTrip',
            onDone: { target: 'loaded', actions: { type: 'setAccountTrip', params: ({ event }) => ({ trip: event.output }) } },
            onError: 'unavailable',
          },
        },
        loaded: {},
        unavailable: {},
      },
    },
  },
});

export type HomeFormMachine = typeof homeFormMachine;
