/**
 * The quoting calls of spec §7: calculate-distance-price, calculate-hourly-price, calculate-selected-vehicle-price
 * and calculate-distance. Each answer is checked against the contract schema. Errors are never swallowed: a refused
 * call rejects with an ApiCallError (apiError.ts) whose message is the provider's `message` when it answered, otherwise
 * the client error's own message (spec §8 Price calculation), and whose `code` is the server's (the booking machine
 * picks its popup by it).
 */
import {
  distanceResponseSchema,
  priceListResponseSchema,
  selectedVehiclePriceResponseSchema,
  type BookingForm,
  type DistanceResponse,
  type HourlyRateForm,
  type PriceDetail,
  type SelectedOptions,
  type SelectedVehiclePriceResponse,
  type Stop,
} from '../../contract/booking.ts';
import { apiClient, type CallOptions } from './client.ts';
import { errorCodeOf, type ErrorCode } from '../../contract/errorCodes.ts';
import { callApi } from './apiError.ts';


/** A price answer as the booking flow keeps it: the price per vehicle, and the road route for the map when given. */
export interface PriceList {
  priceDetails: PriceDetail[];
  /** Google's encoded polyline of the outbound leg (route_polyline); null offline. */
  routePolyline: string | null;
}

const priceListOf = (answer: unknown): PriceList => {
  const { price_details, route_polyline } = priceListResponseSchema.parse(answer);
  return { priceDetails: price_details, routePolyline: route_polyline ?? null };
};

/** POST /api/v1/calculate-distance-price with the stored BookingForm: the price per vehicle. */
export function calculateDistancePrice(bookingForm: BookingForm, { signal }: CallOptions = {}): Promise<PriceList> {
  return callApi(async () => priceListOf(await apiClient()('/calculate-distance-price', { method: 'POST', body: bookingForm, signal })));
}

/** POST /api/v1/calculate-hourly-price with the decoded HourlyRateForm. */
export function calculateHourlyPrice(hourlyRateForm: HourlyRateForm, { signal }: CallOptions = {}): Promise<PriceList> {
  return callApi(async () => priceListOf(await apiClient()('/calculate-hourly-price', { method: 'POST', body: hourlyRateForm, signal })));
}

export interface SelectedVehiclePriceResult {
  status: number;
  /** The body on 200, else null (spec §7: only status 200 is accepted; the caller decides what that means). */
  data: SelectedVehiclePriceResponse | null;
  /** The server's message when it refused (a promo code's refusal is shown as it is). */
  message?: string;
  /** The server's code when it refused. */
  code?: ErrorCode;
}

/**
 * POST /api/v1/calculate-selected-vehicle-price: `{ vehicle: { quote_id, vehicle_id, company_id }, …options }`.
 * Resolves with the status whatever it is; rejects only when there is no response (network, abort).
 */
export async function calculateSelectedVehiclePrice(
  vehicle: Pick<PriceDetail, 'quote_id' | 'vehicle_id' | 'company_id'>,
  options: SelectedOptions & { promo_code?: string; selectedVehicle?: number },
  { signal }: CallOptions = {},
): Promise<SelectedVehiclePriceResult> {
  const response = await apiClient().raw('/calculate-selected-vehicle-price', {
    method: 'POST',
    body: { vehicle: { quote_id: vehicle.quote_id, vehicle_id: vehicle.vehicle_id, company_id: vehicle.company_id }, ...options },
    ignoreResponseError: true,
    signal,
  });
  if (response.status !== 200) {
    const message = (response._data as { message?: unknown } | undefined)?.message;
    const code = errorCodeOf({ data: response._data });
    return { status: response.status, data: null, ...(typeof message === 'string' ? { message } : {}), ...(code ? { code } : {}) };
  }
  const parsed = selectedVehiclePriceResponseSchema.safeParse(response._data);
  return { status: response.status, data: parsed.success ? parsed.data : null };
}

/** POST /api/v1/calculate-distance: miles through the stops in order and the duration in seconds. */
export function calculateDistance(trip: { pickup: string; dropoff: string; stops?: Stop[] }, { signal }: CallOptions = {}): Promise<DistanceResponse> {
  return callApi(async () =>
    distanceResponseSchema.parse(await apiClient()('/calculate-distance', { method: 'POST', body: { pickup: trip.pickup, dropoff: trip.dropoff, stops: trip.stops ?? [] }, signal })),
  );
}
