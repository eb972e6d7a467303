/**
 * The booking machine's named implementations: guards, actions (persistence placeholders and context updates),
 * actors and delays. The state tree is in booking.machine.ts (with the card branch in booking.card.ts); both build
 * on `bookingSetup`. Context, input and events are in booking.context.ts.
 */
import { assign, setup } from 'xstate';
import { bookingActors } from './booking.actors.ts';
import { BOOKING_TIMINGS, EMPTY_FLOW, rememberedFrom, withRemembered, withoutRemembered, TRIP_OPTION_FIELDS, type TripOptions, errorAlert, failedPayment, pickSettings, type BookingContext, type BookingEvent, type BookingInput } from './booking.context.ts';
import { accountFieldsProblem, detailsMessage, detailsProblem, isNothingToPay, isOnAccountOffered, routeFacts, showCard, showPayInCar, withMember } from './booking.guards.ts';
import { BOOKING_MESSAGES, capacityMessage, errorText, urgentBookingText } from './booking.messages.ts';
import { classifyPriceError, type PriceErrorKind } from './booking.priceErrors.ts';
import { clampQuantity, preparePriceList, sameVehicle, vehicleKey, withRecalculatedPrice } from './booking.pricing.ts';
import { resolveRoute, type RoutedStateId } from './booking.routes.ts';
import type { AppliedPromo } from '../../contract/promoCodes.ts';
import type { RememberedDetails } from '../../contract/rememberedDetails.ts';
import type {
  BookingAlert,
  BookingForm,
  BookingResponse,
  BookingType,
  HourlyRateForm,
  PassengerMode,
  PaymentIntentStatus,
  PriceDetail,
  RegistrationData,
  SelectedVehiclePriceResponse,
  SelectionKind,
} from './booking.types.ts';

/** The option and luggage fields of an options.save, nothing else. */
function pickTripOptions(options: TripOptions): TripOptions {
  const picked: Record<string, unknown> = {};
  for (const field of TRIP_OPTION_FIELDS) if (options[field] !== undefined) picked[field] = options[field];
  return picked as TripOptions;
}

/** How far the saved luggage (either leg) exceeds the chosen vehicle's large and medium cases; null when it fits. */
function luggageExcess(context: BookingContext, options: TripOptions) {
  const vehicle = context.selectedVehicle;
  const form = context.bookingForm;
  if (!vehicle || !form) return null;
  const merged = { ...form, ...pickTripOptions(options) };
  const legs = [[merged.luggages, merged.hand_luggages]];
  if (merged.select_option === 'return') legs.push([merged.return_luggages, merged.return_hand_luggages]);
  const luggage = Math.max(0, ...legs.map(([large]) => Number(large ?? 0) - vehicle.luggage));
  const handLuggage = Math.max(0, ...legs.map(([, medium]) => Number(medium ?? 0) - vehicle.small_luggage));
  return luggage + handLuggage > 0 ? { passengers: 0, luggage, handLuggage } : null;
}

const NO_PROMO = { promo: null, promoDraft: '', promoMessage: null } as const;

export const bookingSetup = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
    tags: {} as 'busy' | 'loadingPrice',
  },
  actors: bookingActors,
  delays: {
    popupRedirect: BOOKING_TIMINGS.popupRedirect,
    popupRest: BOOKING_TIMINGS.popup - BOOKING_TIMINGS.popupRedirect,
    popup: BOOKING_TIMINGS.popup,
    successToast: BOOKING_TIMINGS.successToast,
    processingPoll: BOOKING_TIMINGS.processingPoll,
  },
  guards: {
    /** route.enter leads to this routed state (spec §2 stepper guards, also for typed URLs and Back/Forward). */
    routeLeadsTo: ({ context, event }, params: { to: RoutedStateId }) => event.type === 'route.enter' && resolveRoute(event.path, routeFacts(context)) === params.to,
    priceListFits: ({ context }, params: { priceDetails: PriceDetail[] }) =>
      preparePriceList(params.priceDetails, context.bookingType === 'milleage' ? context.bookingForm : null, context.settings).ok,
    priceErrorIs: (_, params: { error: unknown; kind: PriceErrorKind }) => classifyPriceError(params.error) === params.kind,
    isHourlyBooking: ({ context }) => context.bookingType !== 'milleage',
    lacksBookingForm: ({ context }) => context.bookingForm === null,
    lacksSelectedVehicle: ({ context }) => context.selectedVehicle === null,
    /** The saved luggage no longer fits the chosen vehicle (spec §5 capacity, per vehicle). */
    optionsExceedVehicle: ({ context, event }) => event.type === 'options.save' && luggageExcess(context, event.options) !== null,
    /** Book Now exists only on a vehicle of the list with a price above 0 (spec §2 Quotation). */
    isBookable: ({ context, event }) =>
      event.type === 'vehicle.book' && (context.priceDetails ?? []).some((v) => sameVehicle(v, event.vehicle) && v.price > 0),
    recalculationAccepted: (_, params: { status: number; data: SelectedVehiclePriceResponse | null }) => params.status === 200 && params.data !== null,
    hasDetailsProblem: ({ context }) => detailsProblem(context.registrationData, context.passengerMode) !== null,
    isExistingClient: ({ context }) => context.passengerMode === 'existing_client',
    rememberTicked: ({ event }) => event.type === 'remember.change' && event.remember,
    /** Signed in to the corporate area: the details step needs no password and no e-mail check (issue 34). */
    isSignedIn: ({ context }) => context.member !== null,
    /** "On account (Company name)": the member's account allows it and there is something to pay. */
    onAccountOffered: ({ context }) => isOnAccountOffered(context.member, context.promo),
    /** A PO number or cost centre the account requires is blank. */
    lacksAccountFields: ({ context, event }) => event.type === 'payment.onAccount' && accountFieldsProblem(context.member, event.fields) !== null,
    emailFound: (_, params: { success: boolean }) => params.success === true,
    /** Pay in Car and Pay By Card as their settings offer them, and only when there is something to pay. */
    payInCarShown: ({ context }) => showPayInCar(context.settings) && !isNothingToPay(context.promo),
    cardShown: ({ context }) => showCard(context.settings) && !isNothingToPay(context.promo),
    /** The server's total with the applied promo code is £0: "Nothing to pay" instead of the two choices. */
    nothingToPay: ({ context }) => isNothingToPay(context.promo),
    intentStatusIs: (_, params: { status: PaymentIntentStatus; expected: PaymentIntentStatus }) => params.status === params.expected,
    nextActionCompleted: (_, params: { status: 'completed' | 'failed' }) => params.status === 'completed',
    lacksPromoDraft: ({ context }) => context.promoDraft.trim() === '',
    /** The server priced the code for the chosen vehicle (200 with its line); anything else is its refusal. */
    promoAccepted: (_, params: { status: number; data: SelectedVehiclePriceResponse | null }) => params.status === 200 && Boolean(params.data?.promo),
  },
  actions: {
    // ── Persistence: supplied by the composition root (they touch localStorage; spec §3 keys). ──
    /** BookingType (encoded), BookingForm (plain JSON) and HourlyRateForm (encoded); a null form is left as stored. */
    persistForms: (_, _params: { bookingType: BookingType; bookingForm: BookingForm | null; hourlyRateForm: HourlyRateForm | null }) => {},
    /** PriceDetails (encoded); null removes it. */
    persistPriceDetails: (_, _params: { priceDetails: PriceDetail[] | null }) => {},
    /** selectedVehicleData (encoded), SelectedVehicle ({ vehicle_id }) and selectionKind; null removes them. */
    persistSelection: (_, _params: { selectedVehicle: PriceDetail | null; selectionKind: SelectionKind | null }) => {},
    /** vehicleQuantities: the per `${vehicle_id}-${company_id}` selections. */
    persistQuantities: (_, _params: { quantities: Record<string, number> }) => {},
    /** registrationData (encoded) and selectedPassenger (the passenger mode). */
    persistRegistration: (_, _params: { registrationData: RegistrationData; passengerMode: PassengerMode }) => {},
    /** PromoCode (encoded): the applied code's line and totals, so a reload of the details, payment or card step keeps it; null removes it. */
    persistPromo: (_, _params: { promo: AppliedPromo | null }) => {},
    /** RememberedDetails (encoded, issue 37): the record kept with the visitor's consent; null removes it. */
    persistRemembered: (_, _params: { remembered: RememberedDetails | null }) => {},
    /** Spec §4: on arrival at /paymentSuccessView all localStorage except appSettings is cleared. The booking is passed so the root may keep it for a reload of the confirmation page. */
    clearStoredFlow: (_, _params: { booking: BookingResponse | null }) => {},

    // ── Context updates ──
    updateSettings: assign(({ context, event }) => (event.type === 'settings.update' ? { settings: pickSettings(event.settings, context.settings) } : {})),
    startPricing: assign(({ event }) => {
      const cleared = { priceDetails: null, routePolyline: null, pricingError: null, quantities: {}, selectedVehicle: null, selectionKind: null, cardPayment: null, booking: null, alert: null, ...NO_PROMO };
      if (event.type === 'quote.submit') return { ...cleared, bookingType: 'milleage' as const, bookingForm: event.bookingForm };
      if (event.type === 'hourly.submit') return { ...cleared, bookingType: 'hourly' as const, hourlyRateForm: event.hourlyRateForm };
      return {};
    }),
    setPriceList: assign(({ context }, params: { priceDetails: PriceDetail[]; routePolyline: string | null }) => {
      const prepared = preparePriceList(params.priceDetails, context.bookingType === 'milleage' ? context.bookingForm : null, context.settings);
      return prepared.ok ? { priceDetails: prepared.priceDetails, routePolyline: params.routePolyline } : {};
    }),
    /** Spec §5 capacity: the message is the price error; the price list is not set. */
    setCapacityError: assign(({ context }, params: { priceDetails: PriceDetail[] }) => {
      const prepared = preparePriceList(params.priceDetails, context.bookingForm, context.settings);
      const message = prepared.ok ? '' : prepared.message;
      return { pricingError: message, alert: errorAlert(message) };
    }),
    /** Spec §8: the three popups of a price error. */
    setPriceError: assign(({ context }, params: { error: unknown }) => {
      const message = errorText(params.error);
      const kind = classifyPriceError(params.error);
      const alert: BookingAlert =
        kind === 'sameAddress'
          ? { kind, title: BOOKING_MESSAGES.sameAddressTitle, message: BOOKING_MESSAGES.sameAddressText }
          : kind === 'urgentBooking'
            ? { kind, title: BOOKING_MESSAGES.urgentTitle, message: urgentBookingText(context.settings.GRACE_TIME) }
            : errorAlert(message);
      return { pricingError: message, alert };
    }),
    setQuantity: assign(({ context, event }) => {
      if (event.type !== 'vehicle.quantity' || !(context.priceDetails ?? []).some((v) => sameVehicle(v, event.vehicle))) return {};
      return { quantities: { ...context.quantities, [vehicleKey(event.vehicle)]: clampQuantity(event.quantity) } };
    }),
    selectVehicle: assign(({ context, event }) => {
      if (event.type !== 'vehicle.book') return {};
      return { selectedVehicle: (context.priceDetails ?? []).find((v) => sameVehicle(v, event.vehicle)) ?? null, selectionKind: event.kind, ...NO_PROMO };
    }),
    // ── The promo code field (details step) ──
    setPromoDraft: assign(({ event }) => (event.type === 'promo.change' ? { promoDraft: event.code.slice(0, 64), promoMessage: null } : {})),
    /** The server's line and totals for the chosen vehicle (an Apply, or a re-pricing with the code applied). */
    setPromo: assign((_, params: { promo: AppliedPromo | null | undefined }) => ({ promo: params.promo ?? null, promoDraft: params.promo?.code ?? '', promoMessage: null })),
    refusePromo: assign((_, params: { message: string }) => ({ promo: null, promoMessage: params.message })),
    clearPromo: assign(NO_PROMO),
    /** Spec §4: the options editor's changes are saved to the form (only the option and luggage fields). */
    mergeOptions: assign(({ context, event }) =>
      event.type === 'options.save' && context.bookingForm ? { bookingForm: { ...context.bookingForm, ...pickTripOptions(event.options) } } : {},
    ),
    /** The spec's capacity message for what the chosen vehicle cannot carry; nothing is saved. */
    alertOptionsCapacity: assign(({ context, event }) => {
      const excess = event.type === 'options.save' ? luggageExcess(context, event.options) : null;
      return excess ? { alert: errorAlert(capacityMessage(excess)) } : {};
    }),
    setLayout: assign(({ event }) => (event.type === 'layout.change' && (event.layout === 'list' || event.layout === 'grid') ? { layout: event.layout } : {})),
    /** Spec §4: price, final_price and breakdown replaced in the list and in the stored selection. */
    applyRecalculatedPrice: assign(({ context }, params: { data: SelectedVehiclePriceResponse | null }) => {
      const selected = context.selectedVehicle;
      if (!params.data || !selected) return {};
      const data = params.data;
      return {
        selectedVehicle: withRecalculatedPrice(selected, data),
        priceDetails: context.priceDetails?.map((v) => (sameVehicle(v, selected) ? withRecalculatedPrice(v, data) : v)) ?? null,
      };
    }),
    mergeRegistration: assign(({ context, event }) =>
      event.type === 'registration.change' ? { registrationData: { ...context.registrationData, ...event.data } } : {},
    ),
    /** Only the two reference fields; the rest of the form changes only through quote.submit and options.save. */
    mergeTravelReferences: assign(({ context, event }) => {
      if (event.type !== 'travelReference.change' || !context.bookingForm) return {};
      const { pickup_fight_number, return_fight_number } = event.data;
      return {
        bookingForm: {
          ...context.bookingForm,
          ...(pickup_fight_number === undefined ? {} : { pickup_fight_number }),
          ...(return_fight_number === undefined ? {} : { return_fight_number }),
        },
      };
    }),
    setPassengerMode: assign(({ event }) => (event.type === 'passengerMode.change' ? { passengerMode: event.mode } : {})),
    alertDetailsProblem: assign(({ context }) => {
      const problem = detailsProblem(context.registrationData, context.passengerMode);
      return problem ? { alert: { kind: 'validation', title: null, message: detailsMessage(problem) } satisfies BookingAlert } : {};
    }),
    showAlert: assign((_, params: BookingAlert) => ({ alert: params })),
    showError: assign((_, params: { error: unknown; prefix?: string }) => ({ alert: errorAlert(`${params.prefix ?? ''}${errorText(params.error)}`) })),
    showPaymentFailed: assign((_, params: { message: string | null }) => ({ alert: failedPayment(params.message ?? ''), cardPayment: null })),
    clearAlert: assign({ alert: null }),
    setPublishableKey: assign((_, params: { key: string }) => ({ publishableKey: params.key })),
    startCardPayment: assign((_, params: { paymentMethodId: string }) => ({
      cardPayment: { paymentMethodId: params.paymentMethodId, paymentIntentId: null, clientSecret: null, paymentId: null, stripeSessionId: null },
    })),
    setPaymentIntent: assign(({ context }, params: { paymentIntentId: string; clientSecret: string | null }) =>
      context.cardPayment ? { cardPayment: { ...context.cardPayment, ...params } } : {},
    ),
    setConfirmation: assign(({ context }, params: { sessionId: string | null; paymentId: string | null; clientSecret: string | null }) =>
      context.cardPayment
        ? {
            cardPayment: {
              ...context.cardPayment,
              stripeSessionId: params.sessionId ?? context.cardPayment.stripeSessionId,
              paymentId: params.paymentId ?? context.cardPayment.paymentId,
              clientSecret: params.clientSecret ?? context.cardPayment.clientSecret,
            },
          }
        : {},
    ),
    setBooking: assign((_, params: { booking: BookingResponse }) => ({ booking: params.booking })),
    /** The booking is made: the flow starts afresh (its stored copy is cleared by clearStoredFlow), keeping the booking to show. */
    resetFlow: assign(({ context }) => ({
      ...EMPTY_FLOW,
      bookingType: context.bookingType,
      registrationData: withRemembered(withMember(EMPTY_FLOW.registrationData, context.member), context.remembered),
    })),
    // ── "Remember my details on this device" (issue 37) ──
    setRemember: assign({ remember: true }),
    /** Unticked: nothing is kept any more (the fields stay as they are for this booking). */
    dropRemembered: assign({ remember: false, remembered: null }),
    /** "Forget my details": nothing is kept, and the fields that still hold what was kept are emptied. */
    forgetRemembered: assign(({ context }) => ({ remember: false, remembered: null, registrationData: withoutRemembered(context.registrationData, context.remembered) })),
    /** The booking is made with the box ticked: its details and trip are what this device keeps now. */
    rememberBooking: assign(({ context }) => (context.remember ? { remembered: rememberedFrom(context) } : {})),
    /** The signed-in member (or none): their details fill the step's blank fields. */
    setMember: assign(({ context, event }) =>
      event.type === 'member.set' ? { member: event.member, registrationData: event.member ? withMember(context.registrationData, event.member) : context.registrationData } : {},
    ),
    setAccountFields: assign(({ event }) => (event.type === 'payment.onAccount' ? { accountFields: event.fields } : {})),
    alertAccountFields: assign(({ context, event }) =>
      event.type === 'payment.onAccount' ? { accountFields: event.fields, alert: errorAlert(accountFieldsProblem(context.member, event.fields) ?? '') } : {},
    ),
    forgetBooking: assign({ booking: null }),
  },
});

export type BookingSetup = typeof bookingSetup;
