import { z } from 'zod';
import type { RememberedTrip } from './rememberedDetails.ts';

/**
 * Issue 37, "Same trip as last time" for a signed-in corporate passenger (ours, not the spec's):
 *   GET /api/v1/corporate/last-trip (the passenger's bearer token) → { success, trip: RememberedTrip | null }
 * The trip of the token's passenger's newest booking on this site that is not cancelled (made by them signed in:
 * `bookings.passenger_id`), in the home form's shape (contract/rememberedDetails.ts); null when they have none.
 * No token, an unknown, expired or revoked one, or another site's: 401 'Please sign in again.'.
 * The browser reads the answer with `readRememberedTrip` (no zod on the home page); this schema is the server's.
 */
const text = z.string().max(500);
export const lastTripSchema = z.object({
  bookingType: z.enum(['milleage', 'hourly']),
  pickup: text,
  dropoff: text,
  stops: z.array(z.object({ street_name: text, number: text, postcode: text })).max(10),
  pickup_duration: text,
}) satisfies z.ZodType<RememberedTrip>;

export const lastTripResponseSchema = z.object({ success: z.literal(true), trip: lastTripSchema.nullable() });
export type LastTripResponse = z.infer<typeof lastTripResponseSchema>;
