// @vitest-environment happy-dom
import '../../tests/helpers/dom.ts';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { Address, Company, FleetItem } from '../../contract/catalog.ts';
import type { SettingRow } from '../../contract/settings.ts';
import { appMachine } from '../../machines/app/app.machine.ts';
import { bookingMachine, type BookingInput, type PriceDetail } from '../../machines/booking/index.ts';
import { AppActor } from './appLogic.ts';
import { Booking, type BookingActor } from './booking/BookingContext.ts';
import { RouteSync } from './RouteSync.tsx';

const vehicle = { vehicle_id: 1, company_id: 1, price: 50, final_price: 50, max_seat: 4, luggage: 2, small_luggage: 2, quote_id: 'q' } as unknown as PriceDetail;
const form = { pickup: 'The Savoy', dropoff: 'Paddington', passengers: 1, luggages: 0, hand_luggages: 0, stops: [] } as never;

function renderSync(path: string, input: Partial<BookingInput> = {}, calculatePrice: () => Promise<PriceDetail[]> = async () => [vehicle]) {
  const app = appMachine.provide({
    actors: {
      loadSettings: fromPromise(async (): Promise<SettingRow[]> => []),
      loadCompanies: fromPromise(async (): Promise<Company[]> => []),
      loadFleet: fromPromise(async (): Promise<FleetItem[]> => []),
      loadPopularLocations: fromPromise(async (): Promise<Address[]> => []),
    },
    actions: { storeSettings: () => {} },
  });
  const logic = bookingMachine.provide({ actors: { calculatePrice: fromPromise(async () => ({ priceDetails: await calculatePrice(), routePolyline: null as string | null })) } });
  const location = memoryLocation({ path, record: true });
  let actor!: BookingActor;
  function Grab() {
    actor = Booking.useActorRef();
    return null;
  }
  render(
    <AppActor.Provider logic={app}>
      <Booking.Provider logic={logic as never} options={{ input: { idempotencyKey: 'k', ...input } }}>
        <Router hook={location.hook}>
          <RouteSync />
          <Grab />
        </Router>
      </Booking.Provider>
    </AppActor.Provider>,
  );
  return { location, actor: () => actor, path: () => location.history.at(-1) };
}

describe('RouteSync', () => {
  it('restores the step a reloaded URL names', async () => {
    const view = renderSync('/quotationview', { priceDetails: [vehicle], bookingForm: form });
    await waitFor(() => expect(view.actor().getSnapshot().matches('quotation')).toBe(true));
    expect(view.path()).toBe('/quotationview');
  });

  it('replaces a typed step the guards refuse with the nearest allowed one', async () => {
    const view = renderSync('/paymentview');
    await waitFor(() => expect(view.path()).toBe('/home'));
    expect(view.location.history).toEqual(['/home']);
  });

  it('follows the machine: prices found → /quotationview, Book Now → /personalDetailView', async () => {
    const view = renderSync('/');
    await waitFor(() => expect(view.actor()).toBeTruthy());
    await act(async () => {
      view.actor().send({ type: 'quote.submit', bookingForm: form });
    });
    await waitFor(() => expect(view.path()).toBe('/quotationview'));
    act(() => view.actor().send({ type: 'vehicle.book', vehicle, kind: 'selection' }));
    await waitFor(() => expect(view.path()).toBe('/personalDetailView'));
  });

  it('sends route.enter for Back/Forward and leaves other pages alone', async () => {
    const view = renderSync('/quotationview', { priceDetails: [vehicle], bookingForm: form });
    await waitFor(() => expect(view.actor().getSnapshot().matches('quotation')).toBe(true));
    act(() => view.location.navigate('/contactus'));
    expect(view.actor().getSnapshot().matches('quotation')).toBe(true);
    act(() => view.location.navigate('/'));
    await waitFor(() => expect(view.actor().getSnapshot().matches({ bookTrip: 'form' })).toBe(true));
    expect(view.path()).toBe('/');
  });

  it('puts the URL back while a price call is in flight', async () => {
    const view = renderSync('/', {}, () => new Promise(() => {}));
    await waitFor(() => expect(view.actor()).toBeTruthy());
    act(() => view.actor().send({ type: 'quote.submit', bookingForm: form }));
    act(() => view.location.navigate('/quoteView'));
    await waitFor(() => expect(view.path()).toBe('/'));
    expect(view.actor().getSnapshot().hasTag('loadingPrice')).toBe(true);
  });
});
