import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { Address, Company, FleetItem } from '../../../contract/catalog.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../../contract/sandboxCards.ts';
import type { SettingRow } from '../../../contract/settings.ts';
import { appMachine } from '../../../machines/app/app.machine.ts';
import { bookingMachine, type BookingForm, type BookingInput, type PriceDetail } from '../../../machines/booking/index.ts';
import { AppActor } from '../../app/appLogic.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { theme } from '../../theme.ts';
import { CardPaymentView } from './CardPaymentView.tsx';

/** Test support for the card page's view tests: the page on a booking flow with stub actors, at /stripecheckout. */

const vehicle = {
  vehicle_id: 1,
  company_id: 1,
  company_name: 'Westway Cars',
  vehicle_image: 'vehicles/saloon.svg',
  vehicle_type: 'Saloon',
  max_seat: 4,
  luggage: 2,
  small_luggage: 2,
  price: 50,
  final_price: 55.5,
  rating: 4.5,
  quote_id: 'q-1',
  estimated: true,
  breakdown: {},
} as unknown as PriceDetail;

const input: BookingInput = {
  idempotencyKey: 'test',
  settings: { SHOWCARD: 'yes', SHOWPAYINCAR: 'yes' },
  bookingType: 'milleage',
  bookingForm: { pickup: 'Heathrow Airport', dropoff: 'The Savoy' } as BookingForm,
  priceDetails: [vehicle],
  selectedVehicle: vehicle,
  selectionKind: 'selection',
  registrationData: { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com', number: '+44 7700 900123' },
  passengerMode: 'guest_login',
};

const settingsRows: SettingRow[] = [
  { setting_name: 'CURRENCY', setting_value: '£' },
  { setting_name: 'Company_Name', setting_value: 'Westway Cars' },
];

function EnterCardPage() {
  const actor = Booking.useActorRef();
  useEffect(() => actor.send({ type: 'route.enter', path: '/stripecheckout' }), [actor]);
  return null;
}

export function renderCardPage(actors: Parameters<typeof bookingMachine.provide>[0]['actors'], publishableKey = SANDBOX_PUBLISHABLE_KEY) {
  const app = appMachine.provide({
    actors: {
      loadSettings: fromPromise(async () => settingsRows),
      loadCompanies: fromPromise(async (): Promise<Company[]> => []),
      loadFleet: fromPromise(async (): Promise<FleetItem[]> => []),
      loadPopularLocations: fromPromise(async (): Promise<Address[]> => []),
    },
    actions: { storeSettings: () => {} },
  });
  const logic = bookingMachine.provide({ actors: { fetchPublishableKey: fromPromise(async () => publishableKey), ...actors } });
  render(
    <MantineProvider theme={theme}>
      <AppActor.Provider logic={app}>
        <Booking.Provider logic={logic} options={{ input }}>
          <EnterCardPage />
          <CardPaymentView />
        </Booking.Provider>
      </AppActor.Provider>
    </MantineProvider>,
  );
}

export const future = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
