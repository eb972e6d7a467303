// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import type { RememberedDetails } from '../../../contract/rememberedDetails.ts';
import { bookingMachine, type BookingForm, type PriceDetail } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { theme } from '../../theme.ts';
import { RegistrationForm } from './RegistrationForm.tsx';
import { FORGET_LABEL, REMEMBER_LABEL, REMEMBERED_NOTE, RememberDetails } from './RememberDetails.tsx';

const vehicle = { vehicle_id: 1, company_id: 1, quote_id: 'q-1', price: 40, final_price: 40, max_seat: 4, luggage: 2, small_luggage: 2, breakdown: {} } as unknown as PriceDetail;
const kept: RememberedDetails = { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.test', number: '+44 7700 900123', trip: null };

function EnterDetails() {
  const actor = Booking.useActorRef();
  useEffect(() => actor.send({ type: 'route.enter', path: '/personalDetailView' }), [actor]);
  return null;
}

/** The details step's Registration Details and the remember choice, on a booking flow at /personalDetailView. */
function renderDetails(remembered: RememberedDetails | null) {
  const writes: (RememberedDetails | null)[] = [];
  const logic = bookingMachine.provide({ actions: { persistRemembered: (_, params) => void writes.push(params.remembered), persistRegistration: () => {} } });
  render(
    <MantineProvider theme={theme}>
      <Booking.Provider
        logic={logic}
        options={{ input: { idempotencyKey: 'view', bookingType: 'milleage', bookingForm: { pickup: 'Paddington Station', dropoff: 'The Savoy' } as BookingForm, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection', remembered } }}
      >
        <EnterDetails />
        <RegistrationForm />
        <RememberDetails />
      </Booking.Provider>
    </MantineProvider>,
  );
  return writes;
}

const value = (label: string) => (screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).value;

describe('"Remember my details on this device" on the details step (issue 37)', () => {
  it('a first visit: the box is there and unticked, no Forget control; ticking it writes nothing yet', () => {
    const writes = renderDetails(null);
    const box = screen.getByRole('checkbox', { name: REMEMBER_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.queryByRole('button', { name: FORGET_LABEL })).toBeNull();
    expect(value('First Name')).toBe('');
    act(() => void fireEvent.click(box));
    expect((screen.getByRole('checkbox', { name: REMEMBER_LABEL }) as HTMLInputElement).checked).toBe(true);
    expect(writes).toEqual([]);
  });

  it('a returning visitor: filled in and ticked, with "Filled in from this device." and "Forget my details", which empties them', () => {
    const writes = renderDetails(kept);
    expect([value('First Name'), value('Last Name'), value('Email')]).toEqual(['Ada', 'Lovelace', 'ada@example.test']);
    expect((screen.getByRole('checkbox', { name: REMEMBER_LABEL }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(REMEMBERED_NOTE)).toBeTruthy();
    act(() => void fireEvent.click(screen.getByRole('button', { name: FORGET_LABEL })));
    expect(writes).toEqual([null]);
    expect([value('First Name'), value('Last Name'), value('Email')]).toEqual(['', '', '']);
    expect((screen.getByRole('checkbox', { name: REMEMBER_LABEL }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(REMEMBERED_NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: FORGET_LABEL })).toBeNull();
  });
});
