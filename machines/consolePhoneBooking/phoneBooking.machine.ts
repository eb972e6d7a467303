/**
 * The console's phone booking page (issue 34, /admin/bookings/new): a dispatcher takes a booking from a caller.
 * Two regions while `editing`, so the dispatcher works in any order with the keyboard:
 * - `quote`: `idle` → `price` → `pricing` (the site's engine) → `priced` (the first vehicle chosen) or back to `idle`
 *   with the server's reason; any change of the trip drops the price list (it priced another trip).
 * - `passenger`: `idle` → `passenger.search` (3 characters or more) → `searching` → `idle` with the matches; `pick`
 *   fills the fields from a match (and its company account), `clear` forgets it; typing edits the fields as given.
 * `book` (when a vehicle is chosen and the passenger has a name, e-mail and phone) → `booking` → `booked` with the
 * server's answer, or back to `editing` with its reason (everything typed kept). `again` starts a fresh booking (a new
 * key). On account is offered only for a picked passenger with an account; an override needs a price and a reason.
 * The server checks all of it again: the machine only keeps a dispatcher from sending what it would refuse.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PassengerSearchAnswer, PhoneBookingAnswer, PhoneBookingInput, PhonePassenger, PhonePayment, PhonePriceAnswer, PhonePriceInput } from '../../contract/consolePhoneBookings.ts';
import { messageOf } from '../console/callError.ts';

export const PHONE_BOOKING_TEXT = {
  priceFailed: 'The trip could not be priced. Check the connection and try again.',
  searchFailed: 'Passengers could not be searched. Check the connection and try again.',
  bookFailed: 'The booking was not taken. Check the connection and try again.',
} as const;

export type PhoneTrip = { pickup: string; dropoff: string; pickup_date: string; pickup_time: string; passengers: string; luggages: string };
export type PhoneContact = { name: string; email: string; phone: string };
export type PhoneExtraField = 'po_number' | 'cost_centre' | 'notes' | 'override_price' | 'override_reason';

export interface PhoneBookingContext {
  trip: PhoneTrip;
  prices: PhonePriceAnswer | null;
  /** `${vehicle_id}-${company_id}` of the chosen vehicle. */
  vehicle: string | null;
  query: string;
  matches: PhonePassenger[] | null;
  picked: PhonePassenger | null;
  contact: PhoneContact;
  payment: PhonePayment;
  extra: Record<PhoneExtraField, string>;
  overriding: boolean;
  error: string | null;
  booked: PhoneBookingAnswer | null;
  keyPrefix: string;
  serial: number;
}

export type PhoneBookingEvent =
  | { type: 'trip.set'; field: keyof PhoneTrip; value: string }
  | { type: 'price' }
  | { type: 'vehicle.choose'; key: string }
  | { type: 'passenger.search'; query: string }
  | { type: 'passenger.pick'; id: number }
  | { type: 'passenger.clear' }
  | { type: 'contact.set'; field: keyof PhoneContact; value: string }
  | { type: 'payment.set'; payment: PhonePayment }
  | { type: 'extra.set'; field: PhoneExtraField; value: string }
  | { type: 'override.toggle' }
  | { type: 'book' }
  | { type: 'again' };

export interface PhoneBookingInputs {
  /** Today's London date (YYYY-MM-DD), the trip's default day. */
  today: string;
  /** Unique to this page's life (the booking keys are it and a serial). */
  keyPrefix: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`phone booking actor "${name}" is not provided`));
const EMPTY_EXTRA: Record<PhoneExtraField, string> = { po_number: '', cost_centre: '', notes: '', override_price: '', override_reason: '' };
const vehicleKey = (option: { vehicle_id: number; company_id: number }) => `${option.vehicle_id}-${option.company_id}`;

/** The request `book` sends, from what is typed (null while something it needs is missing). */
export function phoneBookingRequest(context: PhoneBookingContext): PhoneBookingInput | null {
  const option = context.prices?.options.find((candidate) => vehicleKey(candidate) === context.vehicle);
  const { name, email, phone } = context.contact;
  if (!context.prices || !option || !name.trim() || !email.trim() || !phone.trim()) return null;
  if (context.payment === 'account' && !context.picked?.account) return null;
  if (context.overriding && (!context.extra.override_price.trim() || !context.extra.override_reason.trim())) return null;
  return {
    quote_id: context.prices.quote_id,
    vehicle_id: option.vehicle_id,
    company_id: option.company_id,
    passenger: { ...(context.picked ? { id: context.picked.id } : {}), name: name.trim(), email: email.trim(), phone: phone.trim() },
    payment: context.payment,
    ...(context.payment === 'account' ? { po_number: context.extra.po_number, cost_centre: context.extra.cost_centre } : {}),
    notes: context.extra.notes,
    price_override: context.overriding ? { price: Number(context.extra.override_price), reason: context.extra.override_reason } : null,
    booking_key: `${context.keyPrefix}-${context.serial}`,
  };
}

/** The trip as the price call takes it. */
export const phonePriceRequest = (trip: PhoneTrip): PhonePriceInput => ({ ...trip, passengers: Number(trip.passengers), luggages: Number(trip.luggages) });

const freshContext = (input: PhoneBookingInputs, serial: number): PhoneBookingContext => ({
  trip: { pickup: '', dropoff: '', pickup_date: input.today, pickup_time: '', passengers: '1', luggages: '0' },
  prices: null,
  vehicle: null,
  query: '',
  matches: null,
  picked: null,
  contact: { name: '', email: '', phone: '' },
  payment: 'car',
  extra: { ...EMPTY_EXTRA },
  overriding: false,
  error: null,
  booked: null,
  keyPrefix: input.keyPrefix,
  serial,
});

export const phoneBookingMachine = setup({
  types: { context: {} as PhoneBookingContext, events: {} as PhoneBookingEvent, input: {} as PhoneBookingInputs },
  actors: {
    price: fromPromise<PhonePriceAnswer, PhonePriceInput>(notProvided('price')),
    search: fromPromise<PassengerSearchAnswer['passengers'], string>(notProvided('search')),
    book: fromPromise<PhoneBookingAnswer, PhoneBookingInput>(notProvided('book')),
  },
  guards: {
    canBook: ({ context }) => phoneBookingRequest(context) !== null,
    longEnough: ({ event }) => event.type === 'passenger.search' && event.query.trim().length >= 3,
    hasAccount: ({ context, event }) => event.type !== 'payment.set' || event.payment !== 'account' || Boolean(context.picked?.account),
  },
  actions: {
    setTrip: assign(({ context, event }) => (event.type === 'trip.set' ? { trip: { ...context.trip, [event.field]: event.value }, prices: null, vehicle: null } : {})),
    setPrices: assign((_, prices: PhonePriceAnswer) => ({ prices, vehicle: prices.options[0] ? vehicleKey(prices.options[0]) : null, error: null })),
    choose: assign(({ event }) => (event.type === 'vehicle.choose' ? { vehicle: event.key } : {})),
    setQuery: assign(({ event }) => (event.type === 'passenger.search' ? { query: event.query } : {})),
    setMatches: assign((_, matches: PhonePassenger[]) => ({ matches })),
    pick: assign(({ context, event }) => {
      if (event.type !== 'passenger.pick') return {};
      const picked = context.matches?.find((match) => match.id === event.id) ?? null;
      if (!picked) return {};
      // A member of an active account books on account by default; anyone else pays in the car.
      return { picked, contact: { name: picked.name, email: picked.email, phone: picked.phone }, payment: picked.account?.active ? ('account' as const) : ('car' as const), matches: null };
    }),
    clearPicked: assign({ picked: null, payment: 'car' as const }),
    setContact: assign(({ context, event }) => (event.type === 'contact.set' ? { contact: { ...context.contact, [event.field]: event.value } } : {})),
    setPayment: assign(({ event }) => (event.type === 'payment.set' ? { payment: event.payment } : {})),
    setExtra: assign(({ context, event }) => (event.type === 'extra.set' ? { extra: { ...context.extra, [event.field]: event.value } } : {})),
    toggleOverride: assign(({ context }) => ({ overriding: !context.overriding })),
    setError: assign((_, text: string | null) => ({ error: text })),
    setBooked: assign((_, booked: PhoneBookingAnswer) => ({ booked, error: null })),
    restart: assign(({ context }) => freshContext({ today: context.trip.pickup_date, keyPrefix: context.keyPrefix }, context.serial + 1)),
  },
}).createMachine({
  id: 'phoneBooking',
  context: ({ input }) => freshContext(input, 1),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      on: {
        'contact.set': { actions: 'setContact' },
        'payment.set': { guard: 'hasAccount', actions: 'setPayment' },
        'extra.set': { actions: 'setExtra' },
        'override.toggle': { actions: 'toggleOverride' },
        'passenger.clear': { actions: 'clearPicked' },
        'passenger.pick': { actions: 'pick' },
        book: { guard: 'canBook', target: 'booking' },
      },
      states: {
        quote: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'trip.set': { actions: 'setTrip' },
                price: 'pricing',
                'vehicle.choose': { actions: 'choose' },
              },
            },
            pricing: {
              invoke: {
                src: 'price',
                input: ({ context }) => phonePriceRequest(context.trip),
                onDone: { target: 'idle', actions: { type: 'setPrices', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => messageOf(event.error, PHONE_BOOKING_TEXT.priceFailed) } },
              },
            },
          },
        },
        passenger: {
          initial: 'idle',
          states: {
            idle: { on: { 'passenger.search': { guard: 'longEnough', target: 'searching', actions: 'setQuery' } } },
            searching: {
              invoke: {
                src: 'search',
                input: ({ context }) => context.query.trim(),
                onDone: { target: 'idle', actions: { type: 'setMatches', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => messageOf(event.error, PHONE_BOOKING_TEXT.searchFailed) } },
              },
            },
          },
        },
      },
    },
    booking: {
      invoke: {
        src: 'book',
        input: ({ context }) => phoneBookingRequest(context)!,
        onDone: { target: 'booked', actions: { type: 'setBooked', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => messageOf(event.error, PHONE_BOOKING_TEXT.bookFailed) } },
      },
    },
    booked: { on: { again: { target: 'editing', actions: 'restart' } } },
  },
});

export type PhoneBookingMachine = typeof phoneBookingMachine;
export type PhoneBookingStage = 'editing' | 'booking' | 'booked';
export const selectPhoneStage = (s: import('xstate').SnapshotFrom<PhoneBookingMachine>): PhoneBookingStage => (s.matches('booked') ? 'booked' : s.matches('booking') ? 'booking' : 'editing');
export const selectPricing = (s: import('xstate').SnapshotFrom<PhoneBookingMachine>) => s.matches({ editing: { quote: 'pricing' } });
export const selectSearching = (s: import('xstate').SnapshotFrom<PhoneBookingMachine>) => s.matches({ editing: { passenger: 'searching' } });
export const selectCanBook = (s: import('xstate').SnapshotFrom<PhoneBookingMachine>) => s.matches('editing') && phoneBookingRequest(s.context) !== null;

