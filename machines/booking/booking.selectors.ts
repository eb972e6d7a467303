/**
 * Narrow reads of the booking snapshot for views (`Booking.useSelector(selectX)`), and what RouteSync needs.
 * Derived values (totals, amounts, steps) are computed here, never stored in context.
 */
import type { SnapshotFrom } from 'xstate';
import type { BookingMachine } from './booking.machine.ts';
import { bookedQuantity, lowestPriced, unitPrice, vehicleKey, vehicleTotal } from './booking.pricing.ts';
import { pathForState, ROUTED_STATE_IDS, stepOfPath, type RoutedStateId, type Step } from './booking.routes.ts';
import { amountToPayMinor } from './booking.context.ts';
import { isNothingToPay, isOnAccountOffered, showCard, showPayInCar } from './booking.guards.ts';
import type { VehicleKey } from './booking.types.ts';

export type BookingSnapshot = SnapshotFrom<BookingMachine>;

/**
 * The routed state showing now (the deepest active state with a route), or null while the flow is between pages
 * (pricing, a popup on the home page): RouteSync then leaves the URL alone.
 */
export function selectRoutedStateId(s: BookingSnapshot): RoutedStateId | null {
  if (s.matches({ bookTrip: 'form' })) return 'bookTrip';
  if (s.matches({ bookTrip: 'noPriceData' })) return 'home';
  for (const id of ROUTED_STATE_IDS) if (id !== 'bookTrip' && id !== 'home' && s.matches(id)) return id;
  return null;
}

/** The URL for the current state given the current path (keeps '/booktripview' rather than jumping to '/'). */
export function selectPath(s: BookingSnapshot, currentPath: string): string | null {
  const id = selectRoutedStateId(s);
  return id === null ? null : pathForState(id, currentPath);
}

/** The stepper's active step comes from the path (spec §4). */
export const selectStepOfPath = (path: string): Step => stepOfPath(path);

/** An in-flight call: show the spinner / 'Processing...', disable the buttons (events are ignored meanwhile anyway). */
export const selectBusy = (s: BookingSnapshot) => s.hasTag('busy');
/** 'Please wait while loading price' and the price loader. */
export const selectLoadingPrice = (s: BookingSnapshot) => s.hasTag('loadingPrice');
export const selectAlert = (s: BookingSnapshot) => s.context.alert;
export const selectPricingError = (s: BookingSnapshot) => s.context.pricingError;
export const selectBookingType = (s: BookingSnapshot) => s.context.bookingType;
export const selectBookingForm = (s: BookingSnapshot) => s.context.bookingForm;
export const selectHourlyRateForm = (s: BookingSnapshot) => s.context.hourlyRateForm;
export const selectPriceDetails = (s: BookingSnapshot) => s.context.priceDetails;
/** The quotation's card layout: 'list' (default) or 'grid'. */
export const selectLayout = (s: BookingSnapshot) => s.context.layout;
/** The Lowest Price block (multi-operator mode): the smallest price above 0. */
export const selectLowestPrice = (s: BookingSnapshot) => lowestPriced(s.context.priceDetails ?? []);
export const selectQuantity = (vehicle: VehicleKey) => (s: BookingSnapshot) => s.context.quantities[vehicleKey(vehicle)] ?? 1;
/** A card's total: unit price × its quantity (spec §9). */
export const selectCardTotal = (vehicle: VehicleKey) => (s: BookingSnapshot) => {
  const row = s.context.priceDetails?.find((v) => v.vehicle_id === vehicle.vehicle_id && v.company_id === vehicle.company_id);
  return row ? vehicleTotal(row, s.context.quantities[vehicleKey(vehicle)] ?? 1) : 0;
};
export const selectSelectedVehicle = (s: BookingSnapshot) => s.context.selectedVehicle;
export const selectSelectionKind = (s: BookingSnapshot) => s.context.selectionKind;
/** What the chosen vehicle(s) cost, in pounds: unit price × booked quantity (1 for the Lowest Price block). */
export const selectTotalToPay = (s: BookingSnapshot) => {
  const v = s.context.selectedVehicle;
  if (v && s.context.promo) return s.context.promo.total;
  return v ? vehicleTotal(v, bookedQuantity(v, s.context.selectionKind, s.context.quantities)) : 0;
};
/** The applied promo code (its breakdown line and the totals before and after it), or null. */
export const selectPromo = (s: BookingSnapshot) => s.context.promo;
/** The promo code field: what is typed, the server's refusal, and whether Apply is being checked. */
export const selectPromoField = (s: BookingSnapshot) => ({
  draft: s.context.promoDraft,
  message: s.context.promoMessage,
  checking: s.matches({ personalDetails: 'checkingPromo' }),
  applied: s.context.promo,
});
export const selectUnitPrice = (s: BookingSnapshot) => (s.context.selectedVehicle ? unitPrice(s.context.selectedVehicle) : 0);
/** 'Amount To Pay' and the /stripecheckout `amount` query, in minor units (ROUND_OFF applied). */
export const selectAmountToPayMinor = (s: BookingSnapshot) => amountToPayMinor(s.context);
export const selectPublishableKey = (s: BookingSnapshot) => s.context.publishableKey;
export const selectRegistrationData = (s: BookingSnapshot) => s.context.registrationData;
export const selectPassengerMode = (s: BookingSnapshot) => s.context.passengerMode;
export const selectBooking = (s: BookingSnapshot) => s.context.booking;
/**
 * The payment step's options as its guards offer them (`payInCarShown` per SHOWPAYINCAR, `cardShown` per SHOWCARD):
 * an offered option stays on the page while its own call is in flight (Pay in Car shows its wait there).
 */
export const selectPayInCarOffered = (s: BookingSnapshot) => showPayInCar(s.context.settings) && !isNothingToPay(s.context.promo);
export const selectCardOffered = (s: BookingSnapshot) => showCard(s.context.settings) && !isNothingToPay(s.context.promo);
/** "Nothing to pay" is offered instead of both: the server's total with the applied promo code is £0. */
export const selectNothingToPay = (s: BookingSnapshot) => isNothingToPay(s.context.promo);
export const selectCanBookFree = (s: BookingSnapshot) => s.can({ type: 'payment.nothingToPay' });
/** 'Pay in Car' / 'Pay By Card' usable now: the step accepts the event (offered, and nothing in flight). */
export const selectCanPayInCar = (s: BookingSnapshot) => s.can({ type: 'payment.payInCar' });
export const selectCanPayByCard = (s: BookingSnapshot) => s.can({ type: 'payment.chooseCard' });
/** The card page is waiting for the 3-D Secure challenge. */
export const selectAuthenticating = (s: BookingSnapshot) => s.matches({ cardCheckout: 'authenticating' });
/** Paid but the booking call failed: offer the retry button (booking.retry). */
export const selectBookingRetryable = (s: BookingSnapshot) => s.matches({ cardCheckout: 'bookingFailed' });

/** Signed in to the corporate area (issue 34): the member, their account's name and rules, or null. */
export const selectMember = (s: BookingSnapshot) => s.context.member;
/** "On account (Company name)" offered on the payment step (stays shown while it books). */
export const selectOnAccountOffered = (s: BookingSnapshot) => isOnAccountOffered(s.context.member, s.context.promo);
export const selectCanBookOnAccount = (s: BookingSnapshot) => s.can({ type: 'payment.onAccount', fields: { poNumber: 'x', costCentre: 'x' } });
export const selectAccountFields = (s: BookingSnapshot) => s.context.accountFields;

/** "Remember my details on this device" (issue 37): the box as ticked, and whether the fields came from this device. */
export const selectRemember = (s: BookingSnapshot) => s.context.remember;
export const selectHasRemembered = (s: BookingSnapshot) => s.context.remembered !== null;
