// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingResponse } from '../../../machines/booking/booking.types.ts';
import { theme } from '../../theme.ts';
import { BookingDetails } from './BookingDetails.tsx';

const data = {
  booking: {
    booking_number: 'CF-ABCDEFGH',
    ride_type: 'Q',
    pick_up_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    drop_off_address: 'The Savoy, Strand, London WC2R 0EZ',
    pick_up_date: '2030-07-01',
    pick_up_time: '2:30pm',
    return_date: null,
    return_time: null,
    hourly_duration: null,
    payment_method: 'car',
    total_booking_amount: 88.64,
  },
  bookingStops: [
    { id: 1, stop_address: 'Praed Street, W2 1HB', stop_post_code: 'W2 1HB' },
    { id: 2, stop_address: 'High Street, Slough', stop_post_code: 'Slough' },
  ],
  passengerDetails: { passenger_id: null, passenger_name: 'Jane Doe', passenger_email: 'jane@example.test', passenger_contact_no: '+44 7700 900456', additional_info: '', total_passengers: 2 },
} as unknown as BookingResponse['data'];

describe('BookingDetails (confirmation and manage pages)', () => {
  it('shows pick-up, the stops in order, then drop-off, without an address doubled (issue 30 item 7)', () => {
    const { container, getByTestId } = render(
      <MantineProvider theme={theme}>
        <BookingDetails data={data} currency="£" />
      </MantineProvider>,
    );
    const text = container.textContent ?? '';
    expect(text.indexOf('Heathrow Airport Terminal 5')).toBeLessThan(text.indexOf('Praed Street'));
    expect(text.indexOf('Praed Street')).toBeLessThan(text.indexOf('High Street'));
    expect(text.indexOf('High Street')).toBeLessThan(text.indexOf('The Savoy'));
    expect([...getByTestId('stops').querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Praed Street, W2 1HB', 'High Street, Slough']);
  });
});
