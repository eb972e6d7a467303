import { describe, expect, it } from 'vitest';
import type { BookingResponse } from '../../../contract/bookings.ts';
import { calendarClock, confirmationCalendar } from './confirmationCalendar.ts';

const data = (booking: Partial<BookingResponse['data']['booking']> = {}): BookingResponse['data'] => ({
  booking: {
    booking_number: 'CF-ABCD1234',
    ride_type: 'Q',
    pick_up_address: 'Heathrow Terminal 5, TW6 2GA',
    drop_off_address: '10 Downing Street, SW1A 2AA',
    pick_up_date: '2030-07-01',
    pick_up_time: '8:05am',
    return_date: null,
    return_time: null,
    hourly_duration: null,
    payment_method: 'card',
    total_booking_amount: 55,
    vehicle_category: 'Saloon',
    company_name: 'Westway Cars',
    vehicle_qty: 1,
    currency: '£',
    ...booking,
  },
  bookingStops: [],
  passengerDetails: { passenger_id: null, passenger_name: 'Ada', passenger_email: 'ada@example.test', passenger_contact_no: '', additional_info: '', total_passengers: 2 },
});
const operator = { companyName: 'Westway Cars', phone: '020 7946 0321' };

describe('the confirmation page calendar file', () => {
  it.each([
    ['8:05am', 8, 5],
    ['12am', 0, 0],
    ['12:30pm', 12, 30],
    ['11:59pm', 23, 59],
    ['20:05', 20, 5],
    ['07:00:00', 7, 0],
  ])('reads %s', (time, hour, minute) => {
    expect(calendarClock('2030-07-01', time)).toEqual({ date: '2030-07-01', hour, minute });
  });

  it.each([['13pm'], ['24:00'], [''], ['soon']])('refuses %j', (time) => {
    expect(calendarClock('2030-07-01', time)).toBeNull();
  });

  it('starts at the booked London time, with the UID the server uses', () => {
    const file = confirmationCalendar(data(), operator, new Date('2030-06-01T10:00:00Z'))!;
    expect(file.filename).toBe('booking-CF-ABCD1234.ics');
    expect(file.text).toContain('DTSTART;TZID=Europe/London:20300701T080500\r\n');
    expect(file.text).toContain('UID:CF-ABCD1234-pickup@cabflow\r\n');
    expect(file.text).toContain('SUMMARY:Taxi to 10 Downing Street\\, SW1A 2AA (Westway Cars)\r\n');
    expect(file.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
  });

  it('a return trip has two events; an hourly hire lasts its hours', () => {
    const back = confirmationCalendar(data({ return_date: '2030-07-03', return_time: '6:30pm' }), operator)!;
    expect(back.text).toContain('DTSTART;TZID=Europe/London:20300703T183000\r\n');
    expect(back.text).toContain('UID:CF-ABCD1234-return@cabflow\r\n');
    const hourly = confirmationCalendar(data({ ride_type: 'H', hourly_duration: 4, drop_off_address: '' }), operator)!;
    expect(hourly.text).toContain('DURATION:PT4H\r\n');
    expect(hourly.text).toContain('SUMMARY:4 hour hire with Westway Cars\r\n');
  });

  it('no file when the pick-up time cannot be read', () => {
    expect(confirmationCalendar(data({ pick_up_time: '' }), operator)).toBeNull();
  });
});
