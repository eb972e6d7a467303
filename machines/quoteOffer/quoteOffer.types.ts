/**
 * The quote-offer page's data: what POST /api/v1/quote-offer answers (contract/consoleEnquiries.ts QUOTE_OFFER_API), and
 * the booking flow's trip made from it, as the booking flow itself stores a trip whose vehicle was chosen.
 */
import type { BookingForm, BookingType, HourlyRateForm, PriceDetail } from '../../contract/booking.ts';
import type { OpenedQuoteOffer } from '../../contract/consoleEnquiries.ts';

export type { OpenedQuoteOffer };

/**
 * The booking flow's trip with the offered vehicle chosen: what the flow stores after Search and Book Now on a vehicle
 * card (its price list is the offered vehicle alone, one of it).
 */
export interface OfferedTrip {
  bookingType: BookingType;
  bookingForm: BookingForm | null;
  hourlyRateForm: HourlyRateForm | null;
  priceDetails: PriceDetail[];
  selectedVehicle: PriceDetail;
  selectionKind: 'selection';
  quantities: Record<string, number>;
}

export function offeredTrip(offer: OpenedQuoteOffer): OfferedTrip {
  const hourly = offer.booking_type === 'hourly';
  return {
    bookingType: offer.booking_type,
    bookingForm: hourly ? null : (offer.booking_form as BookingForm),
    hourlyRateForm: hourly ? (offer.booking_form as HourlyRateForm) : null,
    priceDetails: [offer.vehicle],
    selectedVehicle: offer.vehicle,
    selectionKind: 'selection',
    quantities: {},
  };
}

/** A link's token: 32 random bytes, base64url (contract/consoleEnquiries.ts quoteOfferOpenSchema). */
export const QUOTE_OFFER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a link's fragment (`#token=…`), or null. */
export function tokenOfFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token === null || token === '' ? null : token;
}

export const QUOTE_OFFER_FAILURE = 'We could not open your quote just now. Please check your connection and try again.';
export const HAND_OVER_FAILURE = 'Your browser did not let us keep your trip (its storage may be switched off). Please allow this site to store data, or call us to book.';
