import type { RememberedTrip } from '../../../contract/rememberedDetails.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** A stored booking's trip columns, as read below. */
export interface BookedTripRow {
  ride_type: string;
  pick_up_address: string;
  drop_off_address: string;
  hourly_duration: number | string | null;
  stops: { stop_address: string; stop_street_number: string; stop_post_code: string }[];
}

/**
 * A stop's form fields from its stored line. The booking stored `stopText(stop)` ('12 High Street, TW9 1AA') with the
 * number and post code apart: the street is the line without them, so `stopText` of the result is the stored line.
 */
function stopOf(stop: BookedTripRow['stops'][number]): RememberedTrip['stops'][number] {
  let street = stop.stop_address.trim();
  const postcode = stop.stop_post_code.trim();
  const number = stop.stop_street_number.trim();
  if (postcode && street.toLowerCase().endsWith(`, ${postcode.toLowerCase()}`)) street = street.slice(0, -(postcode.length + 2));
  if (number && street.startsWith(`${number} `)) street = street.slice(number.length + 1);
  return { street_name: street, number, postcode };
}

/** A booking's trip in the home form's shape: the places of a mileage trip, or the hourly hire's pick-up and hours. */
export function tripOfBooking(row: BookedTripRow): RememberedTrip {
  if (row.ride_type === 'H') {
    const hours = row.hourly_duration === null ? null : Number(row.hourly_duration);
    return { bookingType: 'hourly', pickup: row.pick_up_address, dropoff: '', stops: [], pickup_duration: hours && Number.isInteger(hours) ? `${hours}hour` : '' };
  }
  return { bookingType: 'milleage', pickup: row.pick_up_address, dropoff: row.drop_off_address, stops: row.stops.map(stopOf), pickup_duration: '' };
}

/**
 * The trip of the passenger's newest booking on the site that is not cancelled (booked by them: `passenger_id`), or
 * null. One statement, by the index bookings_passenger (site_id, passenger_id, created_at DESC).
 */
export async function lastBookedTrip(db: Queryable, siteId: number, passengerId: number): Promise<RememberedTrip | null> {
  const { rows } = await db.query<BookedTripRow>(
    `SELECT b.ride_type, b.pick_up_address, b.drop_off_address, b.hourly_duration,
            COALESCE((SELECT json_agg(json_build_object('stop_address', s.stop_address, 'stop_street_number', s.stop_street_number, 'stop_post_code', s.stop_post_code) ORDER BY s.position)
                        FROM booking_stops s WHERE s.site_id = b.site_id AND s.booking_id = b.id), '[]'::json) AS stops
       FROM bookings b
      WHERE b.site_id = $1 AND b.passenger_id = $2 AND b.status <> 'cancelled'
      ORDER BY b.created_at DESC, b.id DESC LIMIT 1`,
    [siteId, passengerId],
  );
  return rows[0] ? tripOfBooking(rows[0]) : null;
}
