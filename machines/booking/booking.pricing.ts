/**
 * Pure pricing rules the browser applies to the price list the server returns (spec §5 Capacity and filtering,
 * §8 Price calculation, §9 totals and card amount). The server may apply the same rules; doing them here too
 * means the browser behaves per spec whichever server answers.
 */
import { ENABLE, YES } from '../../contract/settings.ts';
import { capacityMessage } from './booking.messages.ts';
import type { BookingForm, BookingSettings, PriceDetail, SelectionKind, VehicleKey } from './booking.types.ts';

/** `${vehicle_id}-${company_id}`: the key of the per-vehicle quantity selections (spec §3). */
export const vehicleKey = (vehicle: VehicleKey) => `${vehicle.vehicle_id}-${vehicle.company_id}`;

export const sameVehicle = (a: VehicleKey, b: VehicleKey) => a.vehicle_id === b.vehicle_id && a.company_id === b.company_id;

/** Forms may hold counts as text; a blank or unreadable count is 0. */
const count = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

interface Party {
  passengers: number;
  luggages: number;
  hand_luggages: number;
}

const partyOf = (form: Pick<BookingForm, 'passengers' | 'luggages' | 'hand_luggages'>): Party => ({
  passengers: count(form.passengers),
  luggages: count(form.luggages),
  hand_luggages: count(form.hand_luggages),
});

const excessOver = (party: Party, vehicle: Pick<PriceDetail, 'max_seat' | 'luggage' | 'small_luggage'>) => ({
  passengers: Math.max(0, party.passengers - vehicle.max_seat),
  luggage: Math.max(0, party.luggages - vehicle.luggage),
  handLuggage: Math.max(0, party.hand_luggages - vehicle.small_luggage),
});

const fits = (party: Party) => (vehicle: PriceDetail) =>
  vehicle.max_seat >= party.passengers && vehicle.luggage >= party.luggages && vehicle.small_luggage >= party.hand_luggages;

export type CapacityResult = { ok: true; priceDetails: PriceDetail[] } | { ok: false; message: string };

/**
 * Spec §5 (mileage): check the party against the largest vehicle (the highest max_seat, luggage and small_luggage
 * of the list); when any is exceeded, the message lists each exceeded item by count and no price list is set.
 * Otherwise keep only the vehicles that fit all three. When no single vehicle fits the combination (the largest
 * seats and the largest boot are on different vehicles), the message lists the excess over the closest vehicle,
 * so the visitor never sees an empty list without a reason. An empty list from the server passes through.
 */
export function applyCapacity(priceDetails: readonly PriceDetail[], form: Pick<BookingForm, 'passengers' | 'luggages' | 'hand_luggages'>): CapacityResult {
  if (priceDetails.length === 0) return { ok: true, priceDetails: [] };
  const party = partyOf(form);
  const largest = {
    max_seat: Math.max(...priceDetails.map((v) => v.max_seat)),
    luggage: Math.max(...priceDetails.map((v) => v.luggage)),
    small_luggage: Math.max(...priceDetails.map((v) => v.small_luggage)),
  };
  const overLargest = excessOver(party, largest);
  if (overLargest.passengers + overLargest.luggage + overLargest.handLuggage > 0) return { ok: false, message: capacityMessage(overLargest) };
  const fitting = priceDetails.filter(fits(party));
  if (fitting.length > 0) return { ok: true, priceDetails: fitting };
  const total = (e: ReturnType<typeof excessOver>) => e.passengers + e.luggage + e.handLuggage;
  const closest = priceDetails.map((v) => excessOver(party, v)).reduce((best, e) => (total(e) < total(best) ? e : best));
  return { ok: false, message: capacityMessage(closest) };
}

/** Spec §5: cheapest-company mode is on when MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE are both 'enable'. */
export const cheapestCompanyMode = (settings: BookingSettings) => settings.MULTIPLE_PRICES === ENABLE && settings.CHEAPEST_COMPANY_PRICE === ENABLE;

/**
 * The lowest price is the smallest price (spec §5). A price of 0 means "no price, ask for a quote" (spec §2, §9),
 * so it never counts as the lowest; a list with no priced vehicle has no lowest.
 */
export function lowestPriced(priceDetails: readonly PriceDetail[]): PriceDetail | null {
  return priceDetails.filter((v) => v.price > 0).reduce<PriceDetail | null>((best, v) => (best === null || v.price < best.price ? v : best), null);
}

/** Spec §5: only the vehicles of the company with the lowest price remain (mileage and hourly alike). */
export function cheapestCompanyOnly(priceDetails: readonly PriceDetail[]): PriceDetail[] {
  const lowest = lowestPriced(priceDetails);
  return lowest === null ? [...priceDetails] : priceDetails.filter((v) => v.company_id === lowest.company_id);
}

export type PriceListResult = CapacityResult;

/** Everything the browser does with a returned price list before showing it (capacity for mileage, then the company filter). */
export function preparePriceList(priceDetails: readonly PriceDetail[], form: BookingForm | null, settings: BookingSettings): PriceListResult {
  const checked: CapacityResult = form ? applyCapacity(priceDetails, form) : { ok: true, priceDetails: [...priceDetails] };
  if (!checked.ok) return checked;
  return { ok: true, priceDetails: cheapestCompanyMode(settings) ? cheapestCompanyOnly(checked.priceDetails) : checked.priceDetails };
}

/** Vehicle quantity select: 1 to 6 (spec §9); anything else is brought into range. */
export const clampQuantity = (quantity: number) => Math.min(6, Math.max(1, Number.isFinite(quantity) ? Math.round(quantity) : 1));

/** The number of vehicles booked: 1 for the Lowest Price block, else the card's select (spec §3 Booking create payload). */
export function bookedQuantity(vehicle: VehicleKey, kind: SelectionKind | null, quantities: Readonly<Record<string, number>>): number {
  return kind === 'lowest' ? 1 : (quantities[vehicleKey(vehicle)] ?? 1);
}

/** What one vehicle costs: final_price when above 0 (it includes the options), else price (spec §2 Quotation). */
export const unitPrice = (vehicle: Pick<PriceDetail, 'price' | 'final_price'>) => (vehicle.final_price > 0 ? vehicle.final_price : vehicle.price);

/** Unit price × quantity (spec §9), to the penny. */
export const vehicleTotal = (vehicle: Pick<PriceDetail, 'price' | 'final_price'>, quantity: number) => Math.round(unitPrice(vehicle) * quantity * 100) / 100;

/** Card amount in minor units: the total × 100, rounded to whole pounds first when ROUND_OFF is 'yes' (spec §9). */
export function cardAmountMinor(total: number, settings: BookingSettings): number {
  const pounds = settings.ROUND_OFF === YES ? Math.round(total) : total;
  return Math.round(pounds * 100);
}

/** Spec §4 Choosing a vehicle: the recalculated price, final_price and breakdown (and the quote they belong to) replace the row's. */
export function withRecalculatedPrice<T extends PriceDetail>(vehicle: T, recalculated: Pick<PriceDetail, 'price' | 'final_price' | 'breakdown'> & { quote_id?: string }): T {
  return {
    ...vehicle,
    price: recalculated.price,
    final_price: recalculated.final_price,
    breakdown: recalculated.breakdown,
    quote_id: recalculated.quote_id ?? vehicle.quote_id,
  };
}
