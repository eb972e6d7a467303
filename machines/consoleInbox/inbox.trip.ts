import type { EnquiryDetail, PriceTripInput } from '../../contract/consoleEnquiries.ts';

/**
 * A time as a visitor typed it on the QUOTE NOW form ('14:30', '2:30pm', '3pm') as the booking form's 'HH:MM' with
 * minutes in steps of 5 (rounded down: the staff member sees and may change it). Null when it is not a time.
 */
export function bookingTime(typed: string): string | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?m?\.?\s*$/i.exec(typed);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const half = match[3]?.toLowerCase();
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute - (minute % 5)).padStart(2, '0')}`;
}

/** The trip a QUOTE NOW request asks about, as the make-a-quote form starts (null for a Contact Us message). */
export function tripOfEnquiry(enquiry: EnquiryDetail): PriceTripInput | null {
  if (enquiry.fields.kind !== 'quote') return null;
  const { fields } = enquiry;
  return {
    pickup: fields.pickup_address,
    dropoff: fields.dropoff_address,
    pickup_date: fields.pickup_date,
    pickup_time: bookingTime(fields.pickup_time) ?? '12:00',
    passengers: fields.passengers,
    luggages: fields.luggages,
  };
}
