/**
 * The booking flow (spec §2 stepper, §4 Booking flow, §5, §8): the single owner of the steps. Views send events
 * and read state; RouteSync maps the routed states (booking.routes.ts) to URLs and sends `route.enter` for URLs
 * typed by hand or changed by Back/Forward. Top-level states, as the visitor sees them:
 *
 * - bookTrip        Home / Book a Trip (step 0): the quote and hourly forms. Inside: `form` (/, /booktripview),
 *                   `noPriceData` (/home, where a closed step sends you), `pricing` ('Please wait while loading
 *                   price'), and the price-error popups `priceError` ('Error', 3 s), `sameAddress` ('Same Address
 *                   Booking!') and `urgentBooking` ('Urgent Booking!'), which go to /quoteView after 1 s.
 * - quotation       /quotationview (step 1): the vehicle list; `recalculating` after the options editor's Save.
 * - personalDetails /personalDetailView (step 2): registration details; `checkingEmail` for an existing client.
 * - payment         /paymentview (step 3): Pay in Car (`bookingInCar` while booking) or Pay By Card; "Nothing to pay"
 *                   (`bookingFree` while booking) instead of both when the applied promo code makes the total £0.
 * - cardCheckout    /stripecheckout (step 3): the card page and the card payment (booking.card.ts).
 * - confirmed       /paymentSuccessView: the booking made; stored flow data cleared.
 * - quoteRequest    /quoteView: the visitor was sent to the quote-request page (Contact Us, or a popup's redirect;
 *                   `popup` while that popup is still open).
 */
import { and, enqueueActions, stateIn } from 'xstate';
import { cardCheckoutState } from './booking.card.ts';
import { SELECTED_OPTION_FIELDS, bookingPayload, contextFromInput, type BookingContext } from './booking.context.ts';
import type { BookingForm, SelectedOptions } from './booking.types.ts';
import { BOOKING_MESSAGES, errorText } from './booking.messages.ts';
import { bookedQuantity } from './booking.pricing.ts';
import { ROUTED_STATE_IDS } from './booking.routes.ts';
import { bookingSetup } from './booking.setup.ts';

type Ctx = { context: BookingContext };

const persistForms = {
  type: 'persistForms',
  params: ({ context }: Ctx) => ({ bookingType: context.bookingType, bookingForm: context.bookingForm, hourlyRateForm: context.hourlyRateForm }),
} as const;
const persistPriceDetails = { type: 'persistPriceDetails', params: ({ context }: Ctx) => ({ priceDetails: context.priceDetails }) } as const;
const persistSelection = {
  type: 'persistSelection',
  params: ({ context }: Ctx) => ({ selectedVehicle: context.selectedVehicle, selectionKind: context.selectionKind }),
} as const;
const persistQuantities = { type: 'persistQuantities', params: ({ context }: Ctx) => ({ quantities: context.quantities }) } as const;
const persistPromo = { type: 'persistPromo', params: ({ context }: Ctx) => ({ promo: context.promo }) } as const;
const persistRegistration = {
  type: 'persistRegistration',
  params: ({ context }: Ctx) => ({ registrationData: context.registrationData, passengerMode: context.passengerMode }),
} as const;

/** route.enter: already there → nothing; else go to the step the path leads to (the nearest allowed one). */
const routeTransitions = ROUTED_STATE_IDS.flatMap((to) => [
  { guard: and([{ type: 'routeLeadsTo', params: { to } }, stateIn(`#${to}`)]) },
  { guard: { type: 'routeLeadsTo', params: { to } }, target: `#${to}`, actions: 'clearAlert' },
] as const);

/** The form's priced options (the contract's list), as the vehicle re-pricing takes them. */
const selectedOptions = (form: BookingForm): SelectedOptions => Object.fromEntries(SELECTED_OPTION_FIELDS.map((field) => [field, form[field]])) as SelectedOptions;

/** What the chosen vehicle's re-pricing sends: the options, and the applied (or tried) promo code with the booked quantity. */
const repricing = (context: BookingContext, promoCode: string | null) => ({
  vehicle: context.selectedVehicle!,
  options: {
    ...(context.bookingForm ? selectedOptions(context.bookingForm) : {}),
    ...(promoCode ? { promo_code: promoCode, selectedVehicle: bookedQuantity(context.selectedVehicle!, context.selectionKind, context.quantities) } : {}),
  },
});

/** In-flight states ignore navigation (RouteSync puts the URL back) and a second submit. */
const stay = { 'route.enter': {}, 'nav.back': {} } as const;

/** The options editor's Save (mileage only, spec §2/§4): save to the form, then recalculate the selected vehicle. */
const optionsSave = [
  { guard: 'isHourlyBooking' },
  { guard: 'lacksBookingForm', actions: { type: 'showAlert', params: { kind: 'error', title: BOOKING_MESSAGES.errorTitle, message: BOOKING_MESSAGES.recalcFormMissing } } },
  { guard: 'lacksSelectedVehicle', actions: { type: 'showAlert', params: { kind: 'error', title: BOOKING_MESSAGES.errorTitle, message: BOOKING_MESSAGES.vehicleMissing } } },
  { guard: 'optionsExceedVehicle', actions: 'alertOptionsCapacity' },
  { target: 'recalculating', actions: ['clearAlert', 'mergeOptions', persistForms] },
] as const;

const recalculating = (back: string) =>
  bookingSetup.createStateConfig({
    tags: ['busy'],
    on: stay,
    invoke: {
      id: 'recalculateSelectedVehicle',
      src: 'recalculateSelectedVehicle',
      input: ({ context }) => repricing(context, context.promo?.code ?? null),
      onDone: [
        {
          guard: { type: 'recalculationAccepted', params: ({ event }) => event.output },
          target: back,
          actions: [
            { type: 'applyRecalculatedPrice', params: ({ event }) => ({ data: event.output.data }) },
            { type: 'setPromo', params: ({ event }) => ({ promo: event.output.data?.promo }) },
            persistPriceDetails,
            persistSelection,
            persistPromo,
          ],
        },
        { target: back, actions: { type: 'showAlert', params: { kind: 'error', title: BOOKING_MESSAGES.errorTitle, message: BOOKING_MESSAGES.recalcNotOk } } },
      ],
      onError: { target: back, actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
    },
  });

export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  context: ({ input }) => contextFromInput(input),
  initial: 'bookTrip',
  on: {
    'route.enter': routeTransitions,
    'alert.dismiss': { actions: 'clearAlert' },
    'settings.update': { actions: 'updateSettings' },
    'layout.change': { actions: 'setLayout' },
    'member.set': { actions: 'setMember' },
  },
  states: {
    bookTrip: {
      initial: 'form',
      on: {
        'quote.submit': { target: '.pricing', actions: ['startPricing', persistForms, persistPriceDetails, persistSelection, persistQuantities] },
        'hourly.submit': { target: '.pricing', actions: ['startPricing', persistForms, persistPriceDetails, persistSelection, persistQuantities] },
      },
      states: {
        form: { id: 'bookTrip' },
        noPriceData: { id: 'home' },
        pricing: {
          tags: ['busy', 'loadingPrice'],
          on: { ...stay, 'quote.submit': {}, 'hourly.submit': {} },
          invoke: {
            id: 'calculatePrice',
            src: 'calculatePrice',
            input: ({ context }) =>
              context.bookingType === 'milleage'
                ? { bookingType: 'milleage' as const, bookingForm: context.bookingForm! }
                : { bookingType: 'hourly' as const, hourlyRateForm: context.hourlyRateForm! },
            onDone: [
              {
                guard: { type: 'priceListFits', params: ({ event }) => ({ priceDetails: event.output.priceDetails }) },
                target: '#quotation',
                actions: [{ type: 'setPriceList', params: ({ event }) => event.output }, persistPriceDetails],
              },
              // Spec §5: too many passengers or bags for the largest vehicle; shown in the 'Error' popup.
              { target: 'priceError', actions: { type: 'setCapacityError', params: ({ event }) => ({ priceDetails: event.output.priceDetails }) } },
            ],
            onError: [
              {
                guard: { type: 'priceErrorIs', params: ({ event }) => ({ error: event.error, kind: 'sameAddress' }) },
                target: 'sameAddress',
                actions: { type: 'setPriceError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'priceErrorIs', params: ({ event }) => ({ error: event.error, kind: 'urgentBooking' }) },
                target: 'urgentBooking',
                actions: { type: 'setPriceError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'priceError', actions: { type: 'setPriceError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** The 'Error' popup on the home page; closes after 3 s. */
        priceError: { after: { popup: { target: 'form', actions: 'clearAlert' } } },
        /** The popup shows for 1 s here, then 2 s more on /quoteView. */
        sameAddress: { on: { 'quote.submit': {}, 'hourly.submit': {} }, after: { popupRedirect: '#quoteRequest.popup' } },
        urgentBooking: { on: { 'quote.submit': {}, 'hourly.submit': {} }, after: { popupRedirect: '#quoteRequest.popup' } },
      },
    },
    quotation: {
      id: 'quotation',
      initial: 'choosing',
      on: {
        // Another quantity is another total: an applied code is judged again on the details step.
        'vehicle.quantity': { actions: ['setQuantity', persistQuantities, 'clearPromo', persistPromo] },
      },
      states: {
        choosing: {
          on: {
            'vehicle.book': { guard: 'isBookable', target: '#personalDetails', actions: ['clearAlert', 'selectVehicle', persistSelection, persistPromo] },
            'vehicle.contact': { target: '#quoteRequest', actions: 'clearAlert' },
            'options.save': optionsSave,
            'nav.back': { target: '#bookTrip', actions: 'clearAlert' },
          },
        },
        recalculating: recalculating('choosing'),
      },
    },
    personalDetails: {
      id: 'personalDetails',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'registration.change': { actions: ['mergeRegistration', persistRegistration] },
            'passengerMode.change': { actions: ['setPassengerMode', persistRegistration] },
            'travelReference.change': { actions: ['mergeTravelReferences', persistForms] },
            'remember.change': [
              { guard: 'rememberTicked', actions: 'setRemember' },
              { actions: ['dropRemembered', { type: 'persistRemembered', params: { remembered: null } }] },
            ],
            'remember.forget': { actions: ['forgetRemembered', persistRegistration, { type: 'persistRemembered', params: { remembered: null } }] },
            'details.next': [
              // Signed in (issue 34): the member's own e-mail, no password asked and no e-mail check.
              { guard: 'isSignedIn', target: '#payment', actions: 'clearAlert' },
              { guard: 'hasDetailsProblem', actions: 'alertDetailsProblem' },
              { guard: 'isExistingClient', target: 'checkingEmail', actions: 'clearAlert' },
              { target: '#payment', actions: 'clearAlert' },
            ],
            'options.save': optionsSave,
            'nav.back': { target: '#quotation', actions: 'clearAlert' },
            'promo.change': { actions: 'setPromoDraft' },
            'promo.apply': [{ guard: 'lacksPromoDraft' }, { target: 'checkingPromo' }],
            'promo.remove': { actions: ['clearPromo', persistPromo] },
          },
        },
        /** Apply: the server prices the code for the chosen vehicle (the booking checks it again and takes the use). */
        checkingPromo: {
          tags: ['busy'],
          on: { ...stay, 'promo.apply': {}, 'promo.change': {} },
          invoke: {
            id: 'checkPromo',
            src: 'recalculateSelectedVehicle',
            input: ({ context }) => repricing(context, context.promoDraft.trim().toUpperCase()),
            onDone: [
              {
                guard: { type: 'promoAccepted', params: ({ event }) => event.output },
                target: 'editing',
                actions: [
                  { type: 'applyRecalculatedPrice', params: ({ event }) => ({ data: event.output.data }) },
                  { type: 'setPromo', params: ({ event }) => ({ promo: event.output.data?.promo }) },
                  persistPriceDetails,
                  persistSelection,
                  persistPromo,
                ],
              },
              { target: 'editing', actions: { type: 'refusePromo', params: ({ event }) => ({ message: event.output.message ?? BOOKING_MESSAGES.recalcNotOk }) } },
            ],
            onError: { target: 'editing', actions: { type: 'refusePromo', params: ({ event }) => ({ message: errorText(event.error) }) } },
          },
        },
        checkingEmail: {
          tags: ['busy'],
          on: stay,
          invoke: {
            id: 'checkPassengerEmail',
            src: 'checkPassengerEmail',
            input: ({ context }) => ({ email: context.registrationData.email, password: context.registrationData.password }),
            onDone: [
              {
                guard: { type: 'emailFound', params: ({ event }) => event.output },
                target: '#payment',
                actions: { type: 'showAlert', params: { kind: 'success', title: null, message: BOOKING_MESSAGES.emailFound } },
              },
              { target: 'editing', actions: { type: 'showAlert', params: { kind: 'error', title: null, message: BOOKING_MESSAGES.emailNotFound } } },
            ],
            onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error, prefix: BOOKING_MESSAGES.emailCheckErrorPrefix }) } },
          },
        },
        recalculating: recalculating('editing'),
      },
    },
    payment: {
      id: 'payment',
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'payment.payInCar': { guard: 'payInCarShown', target: 'bookingInCar', actions: 'clearAlert' },
            'payment.chooseCard': { guard: 'cardShown', target: '#cardCheckout', actions: 'clearAlert' },
            'payment.nothingToPay': { guard: 'nothingToPay', target: 'bookingFree', actions: 'clearAlert' },
            'payment.onAccount': [
              { guard: 'lacksAccountFields', actions: 'alertAccountFields' },
              { guard: 'onAccountOffered', target: 'bookingOnAccount', actions: ['clearAlert', 'setAccountFields'] },
            ],
            'nav.back': { target: '#personalDetails', actions: 'clearAlert' },
          },
        },
        /**
         * "On account (Company name)" (issue 34): booked with the member's token, the PO number and cost centre; the
         * server checks membership, the account and its credit limit, and its refusal (over the limit) is shown here.
         */
        bookingOnAccount: {
          tags: ['busy'],
          on: stay,
          invoke: {
            id: 'createBooking',
            src: 'createBooking',
            input: ({ context }) => bookingPayload(context, 'account'),
            onDone: { target: '#confirmed', actions: { type: 'setBooking', params: ({ event }) => ({ booking: event.output }) } },
            onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** "Nothing to pay" (a promo code made the total £0): booked straight away, without a card or the driver. */
        bookingFree: {
          tags: ['busy'],
          on: stay,
          invoke: {
            id: 'createBooking',
            src: 'createBooking',
            input: ({ context }) => bookingPayload(context, 'free'),
            onDone: { target: '#confirmed', actions: { type: 'setBooking', params: ({ event }) => ({ booking: event.output }) } },
            onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        bookingInCar: {
          tags: ['busy'],
          on: stay,
          invoke: {
            id: 'createBooking',
            src: 'createBooking',
            input: ({ context }) => bookingPayload(context, 'car'),
            onDone: { target: '#confirmed', actions: { type: 'setBooking', params: ({ event }) => ({ booking: event.output }) } },
            onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    cardCheckout: cardCheckoutState,
    confirmed: {
      id: 'confirmed',
      entry: [
        { type: 'clearStoredFlow', params: ({ context }) => ({ booking: context.booking }) },
        // "Remember my details" ticked: this booking's details and trip are kept (clearStoredFlow keeps that key).
        'rememberBooking',
        enqueueActions(({ context, enqueue }) => {
          if (context.remember && context.remembered) enqueue({ type: 'persistRemembered', params: { remembered: context.remembered } });
        }),
        'resetFlow',
      ],
      on: { 'flow.restart': { target: '#bookTrip', actions: 'forgetBooking' } },
    },
    quoteRequest: {
      id: 'quoteRequest',
      initial: 'idle',
      states: {
        idle: {},
        popup: { after: { popupRest: { target: 'idle', actions: 'clearAlert' } } },
      },
    },
  },
});

export type BookingMachine = typeof bookingMachine;
