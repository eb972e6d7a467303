import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BookingForm, HourlyRateForm, LatLon } from '../../contract/booking.ts';
import type { RememberedTrip } from '../../contract/rememberedDetails.ts';
import { homeFormMachine, initialTab, type HomeFormInput } from './homeForm.machine.ts';
import { LocationRefused } from './homeForm.actors.ts';
import { addDays, FALLBACK_LOCATION, londonClock, quoteErrors, restoreQuoteForm, roundedTime } from './homeForm.form.ts';

// 10:02 in London on a summer day (BST: UTC+1).
const NOW = new Date('2030-06-01T09:02:00Z');
const BOTH = { IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'enable' };

function start(
  input: Partial<HomeFormInput> = {},
  geolocate: () => Promise<LatLon> = async () => ({ lat: 51.47, lon: -0.45 }),
  nearestAddress: (position: LatLon) => Promise<string | null> = async () => null,
  lastBookedTrip: () => Promise<RememberedTrip | null> = async () => null,
) {
  const calls = { persistQuote: vi.fn(), persistHourly: vi.fn(), submitQuote: vi.fn(), submitHourly: vi.fn(), logLocationFailure: vi.fn(), nearestAddress: vi.fn(), lastBookedTrip: vi.fn() };
  const machine = homeFormMachine.provide({
    actors: {
      geolocate: fromPromise(geolocate),
      nearestAddress: fromPromise<string | null, LatLon>(({ input }) => {
        calls.nearestAddress(input);
        return nearestAddress(input);
      }),
      lastBookedTrip: fromPromise(() => {
        calls.lastBookedTrip();
        return lastBookedTrip();
      }),
    },
    actions: {
      persistQuote: (_, p) => calls.persistQuote(p.bookingForm),
      persistHourly: (_, p) => calls.persistHourly(p.hourlyRateForm),
      submitQuote: (_, p) => calls.submitQuote(p.bookingForm),
      submitHourly: (_, p) => calls.submitHourly(p.hourlyRateForm),
      logLocationFailure: (_, p) => calls.logLocationFailure(p.error),
    },
  });
  const actor = createActor(machine, {
    input: { settings: BOTH, storedBookingType: null, storedBookingForm: null, storedHourlyRateForm: null, now: NOW, ...input },
  }).start();
  return { actor, calls, ctx: () => actor.getSnapshot().context };
}

describe('home form tabs (spec §2, §4 Home)', () => {
  it('opens on the hourly tab when both tabs show', () => {
    expect(start().ctx().tab).toBe('hourly');
  });

  it('hides GET A QUOTE when IS_QUOTATION is enable, and Hourly Rate unless HOURLY_RATE_STATUS is enable', () => {
    expect(initialTab({ IS_QUOTATION: 'enable', HOURLY_RATE_STATUS: 'enable' }, 'milleage')).toBe('hourly');
    expect(initialTab({ IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'disable' }, 'hourly')).toBe('quote');
    expect(initialTab({ IS_QUOTATION: null, HOURLY_RATE_STATUS: null }, null)).toBe('quote');
    const { actor, ctx } = start({ settings: { IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'disable' } });
    actor.send({ type: 'tab.select', tab: 'hourly' });
    expect(ctx().tab).toBe('quote');
  });

  it('restores the tab of the saved booking type', () => {
    expect(start({ storedBookingType: 'milleage' }).ctx().tab).toBe('quote');
    expect(start({ storedBookingType: 'hourly' }).ctx().tab).toBe('hourly');
  });

  it('offers a tab (state.can, which the home page reads to draw the tab bar) exactly as the settings show it', () => {
    const offered = (actor: ReturnType<typeof start>['actor']) => (['quote', 'hourly'] as const).filter((tab) => actor.getSnapshot().can({ type: 'tab.select', tab }));
    const { actor } = start();
    expect(offered(actor)).toEqual(['quote', 'hourly']);
    actor.send({ type: 'settings.update', settings: { IS_QUOTATION: 'enable', HOURLY_RATE_STATUS: 'enable' } });
    expect(offered(actor)).toEqual(['hourly']);
    actor.send({ type: 'settings.update', settings: { IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'disable' } });
    expect(offered(actor)).toEqual(['quote']);
    actor.send({ type: 'settings.update', settings: { IS_QUOTATION: 'enable', HOURLY_RATE_STATUS: null } });
    expect(offered(actor)).toEqual([]);
    // While a search is checked and a position is located the tabs stay offered.
    const busy = start({}, () => new Promise(() => {})).actor;
    busy.send({ type: 'location.request' });
    busy.send({ type: 'search' });
    expect(offered(busy)).toEqual(['quote', 'hourly']);
  });

  it('moves off a tab that settings hide later', () => {
    const { actor, ctx } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'settings.update', settings: { IS_QUOTATION: 'enable', HOURLY_RATE_STATUS: 'enable' } });
    expect(ctx().tab).toBe('hourly');
  });
});

describe('quote form defaults and restoring', () => {
  it('defaults the pickup to tomorrow at the current London time rounded to 5 minutes', () => {
    const q = start().ctx().quote;
    expect(q.pickup_date).toBe('2030-06-02');
    expect([q.pickup_hour, q.pickup_min]).toEqual(['10am', '00']);
    expect(q.select_option).toBe('one_way');
    expect(q.passengers).toBe(1);
  });

  it('rounds to the nearest 5 minutes and wraps midnight', () => {
    expect(roundedTime({ date: '2030-01-01', hour: 13, minute: 58 })).toEqual({ hour: '2pm', min: '00' });
    expect(roundedTime({ date: '2030-01-01', hour: 23, minute: 58 })).toEqual({ hour: '12am', min: '00' });
    expect(roundedTime({ date: '2030-01-01', hour: 0, minute: 7 })).toEqual({ hour: '12am', min: '05' });
  });

  it('reads London wall-clock time across the clock change', () => {
    expect(londonClock(new Date('2030-01-15T23:30:00Z'))).toEqual({ date: '2030-01-15', hour: 23, minute: 30 });
    expect(londonClock(new Date('2030-06-15T23:30:00Z'))).toEqual({ date: '2030-06-16', hour: 0, minute: 30 });
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });

  it('restores the saved BookingForm, replacing a past date and unreadable values', () => {
    const q = restoreQuoteForm(
      { pickup: 'The Savoy', dropoff: 'Paddington', pickup_date: '2020-01-01', pickup_hour: '3 PM', pickup_min: '35', passengers: '3', luggages: 99, select_option: 'return', return_date: '2030-06-05', return_hour: '6pm', return_min: '10', stops: [{ street_name: 'High St' }] },
      NOW,
    );
    expect(q).toMatchObject({ pickup: 'The Savoy', dropoff: 'Paddington', pickup_date: '2030-06-02', pickup_hour: '3pm', pickup_min: '35', passengers: 3, luggages: 0 });
    expect(q).toMatchObject({ select_option: 'return', return_date: '2030-06-05', return_hour: '6pm', return_min: '10' });
    expect(q.stops).toEqual([{ street_name: 'High St', number: '', postcode: '' }]);
  });

  it('defaults the hourly form to noon, 4hour, 00: today before 09:00 London time, else tomorrow (noon inside the grace time)', () => {
    const early = new Date('2030-06-01T07:55:00Z'); // 08:55 BST
    expect(start({ now: early }).ctx().hourly).toEqual({ pickup_date: '2030-06-01', pickup_duration: '4hour', pickup_hour: '12pm', pickup_min: '00', pickup: '', userLocation: null });
    expect(start().ctx().hourly.pickup_date).toBe('2030-06-02'); // 10:02 BST: noon is under two hours away
    expect(start({ now: new Date('2030-06-01T13:00:00Z') }).ctx().hourly.pickup_date).toBe('2030-06-02');
    expect(start({ now: new Date('2030-01-15T08:59:00Z') }).ctx().hourly.pickup_date).toBe('2030-01-15'); // 08:59 GMT
  });
});

describe('editing the quote form', () => {
  it('saves every change', () => {
    const { actor, calls } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'quote.change', values: { pickup: 'The Savoy, Strand' } });
    actor.send({ type: 'quote.change', values: { passengers: 4 } });
    expect(calls.persistQuote).toHaveBeenCalledTimes(2);
    expect(calls.persistQuote.mock.lastCall?.[0]).toMatchObject({ pickup: 'The Savoy, Strand', passengers: 4 });
  });

  it('keeps the same errors object when a change clears no mark (both panels select it: a new one renders every field again)', () => {
    const { actor, ctx } = start({ storedBookingType: 'milleage' });
    const none = ctx().errors;
    actor.send({ type: 'quote.change', values: { pickup: 'The Savoy' } });
    actor.send({ type: 'tab.select', tab: 'hourly' });
    actor.send({ type: 'hourly.change', values: { pickup: 'Paddington' } });
    actor.send({ type: 'tab.select', tab: 'quote' });
    expect(ctx().errors).toBe(none);
    actor.send({ type: 'quote.change', values: { pickup: '' } });
    actor.send({ type: 'search' });
    const marked = ctx().errors;
    expect(Object.keys(marked).sort()).toEqual(['dropoff', 'pickup']);
    actor.send({ type: 'quote.change', values: { passengers: 3 } });
    expect(ctx().errors).toBe(marked);
    actor.send({ type: 'quote.change', values: { pickup: 'The Savoy' } });
    expect(ctx().errors).toEqual({ dropoff: marked.dropoff });
    actor.send({ type: 'tab.select', tab: 'hourly' });
    expect(ctx().errors).toEqual({});
  });

  it('Add Return reveals return date and time from the pickup; the cross takes them away', () => {
    const { actor, ctx } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'return.add' });
    expect(ctx().quote).toMatchObject({ select_option: 'return', return_date: '2030-06-02', return_hour: '10am', return_min: '00' });
    actor.send({ type: 'return.remove' });
    expect(ctx().quote).toMatchObject({ select_option: 'one_way', return_date: null, return_hour: null, return_min: null });
  });

  it('adds, edits and removes extra stops, at most 10', () => {
    const { actor, ctx } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'stop.add' });
    actor.send({ type: 'stop.add' });
    actor.send({ type: 'stop.change', index: 1, values: { street_name: 'Baker Street', postcode: 'NW1 6XE' } });
    actor.send({ type: 'stop.remove', index: 0 });
    expect(ctx().quote.stops).toEqual([{ street_name: 'Baker Street', number: '', postcode: 'NW1 6XE' }]);
    for (let i = 0; i < 15; i += 1) actor.send({ type: 'stop.add' });
    expect(ctx().quote.stops).toHaveLength(10);
  });

  it('a suggested address picked for a stop fills its street, number and city or post code, clears their marks and is saved', () => {
    const { actor, calls, ctx } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'stop.add' });
    actor.send({ type: 'stop.add' });
    actor.send({ type: 'search' });
    expect(Object.keys(ctx().errors)).toContain('stops.1.postcode');
    actor.send({ type: 'stop.place', index: 1, address: 'Marylebone Station, Melcombe Place, London NW1 6JJ' });
    expect(ctx().quote.stops[1]).toEqual({ street_name: 'Marylebone Station, Melcombe Place', number: '', postcode: 'London NW1 6JJ' });
    expect(Object.keys(ctx().errors).filter((key) => key.startsWith('stops.1.'))).toEqual([]);
    expect(Object.keys(ctx().errors)).toContain('stops.0.postcode');
    expect((calls.persistQuote.mock.lastCall?.[0] as BookingForm).stops[1]).toEqual(ctx().quote.stops[1]);
    actor.send({ type: 'stop.place', index: 0, address: '221B Baker Street, London NW1 6XE' });
    expect(ctx().quote.stops[0]).toEqual({ street_name: 'Baker Street', number: '221B', postcode: 'London NW1 6XE' });
    // No comma: all street; the city or post code typed before stays.
    actor.send({ type: 'stop.change', index: 0, values: { postcode: 'NW1' } });
    actor.send({ type: 'stop.place', index: 0, address: 'Regent Street' });
    expect(ctx().quote.stops[0]).toEqual({ street_name: 'Regent Street', number: '221B', postcode: 'NW1' });
    // A stop that is not there (removed meanwhile) is left alone.
    const before = ctx().quote.stops;
    expect(actor.getSnapshot().can({ type: 'stop.place', index: 2, address: 'x, y' })).toBe(false);
    actor.send({ type: 'stop.place', index: 2, address: 'x, y' });
    expect(ctx().quote.stops).toBe(before);
  });
});

describe('Search', () => {
  it('marks the missing fields and does not submit', () => {
    const { actor, calls, ctx } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'stop.add' });
    actor.send({ type: 'search' });
    expect(calls.submitQuote).not.toHaveBeenCalled();
    expect(Object.keys(ctx().errors).sort()).toEqual(['dropoff', 'pickup', 'stops.0.postcode', 'stops.0.street_name']);
    actor.send({ type: 'quote.change', values: { pickup: 'The Savoy' } });
    expect(ctx().errors.pickup).toBeUndefined();
  });

  it('refuses a return before the pickup', () => {
    const form = { ...start().ctx().quote, pickup: 'a', dropoff: 'b', select_option: 'return' as const, return_date: '2030-06-02', return_hour: '9am', return_min: '00' };
    expect(quoteErrors(form as BookingForm, '2030-06-01')).toEqual({ return_hour: 'The return time must be after the pickup time' });
  });

  it('submits the checked quote form once, with empty stops and return fields dropped for one way', () => {
    const { actor, calls, ctx } = start({ storedBookingType: 'milleage' });
    actor.send({ type: 'quote.change', values: { pickup: ' The Savoy, Strand, London WC2R 0EZ ', dropoff: 'Paddington Station, Praed Street, London W2 1HB', passengers: 3 } });
    actor.send({ type: 'search' });
    expect(calls.submitQuote).toHaveBeenCalledTimes(1);
    const sent = calls.submitQuote.mock.lastCall?.[0] as BookingForm;
    expect(sent).toMatchObject({ pickup: 'The Savoy, Strand, London WC2R 0EZ', select_option: 'one_way', return_date: null, return_passengers: 3 });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(ctx().errors).toEqual({});
  });

  it('submits the hourly form from the hourly tab', () => {
    const { actor, calls } = start();
    actor.send({ type: 'search' });
    expect(calls.submitHourly).not.toHaveBeenCalled();
    actor.send({ type: 'hourly.change', values: { pickup: 'The Savoy, Strand, London WC2R 0EZ', pickup_duration: '6hour' } });
    actor.send({ type: 'search' });
    expect(calls.submitHourly.mock.lastCall?.[0] as HourlyRateForm).toMatchObject({ pickup: 'The Savoy, Strand, London WC2R 0EZ', pickup_duration: '6hour' });
    expect(calls.submitQuote).not.toHaveBeenCalled();
  });
});

describe('the locate icon', () => {
  it('stores the browser position', async () => {
    const { actor, ctx, calls } = start();
    actor.send({ type: 'location.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'located' })).toBe(true));
    expect(ctx().hourly.userLocation).toEqual({ lat: 51.47, lon: -0.45 });
    expect(calls.persistHourly).toHaveBeenCalled();
  });

  it('falls back to central London and logs the failure', async () => {
    const { actor, ctx, calls } = start({}, () => Promise.reject(new Error('User denied Geolocation')));
    actor.send({ type: 'location.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'fallback' })).toBe(true));
    expect(ctx().hourly.userLocation).toEqual(FALLBACK_LOCATION);
    expect(calls.logLocationFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'User denied Geolocation' }));
  });

  const T5 = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';

  it("fills the hourly pick-up with the nearest address to the browser's position and keeps the position", async () => {
    const { actor, ctx, calls } = start({}, undefined, async () => T5);
    actor.send({ type: 'search' });
    expect(ctx().errors.pickup).toBe('Enter the pick-up address');
    actor.send({ type: 'location.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'filled' })).toBe(true));
    expect(calls.nearestAddress).toHaveBeenCalledWith({ lat: 51.47, lon: -0.45 });
    expect(ctx().hourly).toMatchObject({ pickup: T5, userLocation: { lat: 51.47, lon: -0.45 } });
    expect(ctx().locatedAddress).toBe(T5);
    expect(ctx().errors.pickup).toBeUndefined();
    expect(calls.persistHourly.mock.lastCall?.[0]).toMatchObject({ pickup: T5, userLocation: { lat: 51.47, lon: -0.45 } });
  });

  it('fills the pick-up of the tab it was asked on (GET A QUOTE)', async () => {
    const { actor, ctx, calls } = start({ storedBookingType: 'milleage' }, undefined, async () => T5);
    actor.send({ type: 'location.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'filled' })).toBe(true));
    expect(ctx().quote.pickup).toBe(T5);
    expect(ctx().hourly.pickup).toBe('');
    expect(calls.persistQuote.mock.lastCall?.[0]).toMatchObject({ pickup: T5 });
  });

  it('leaves a pick-up the visitor typed while the address was looked up', async () => {
    let answer!: (address: string | null) => void;
    const { actor, ctx } = start({}, undefined, () => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'location.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'naming' })).toBe(true));
    actor.send({ type: 'hourly.change', values: { pickup: 'The Savoy' } });
    answer(T5);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'located' })).toBe(true));
    expect(ctx().hourly.pickup).toBe('The Savoy');
    expect(ctx().locatedAddress).toBeNull();
  });

  it('a refusal is its own state, still storing central London', async () => {
    const { actor, ctx, calls } = start({}, () => Promise.reject(new LocationRefused()));
    actor.send({ type: 'location.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ location: 'refused' })).toBe(true));
    expect(ctx().hourly.userLocation).toEqual(FALLBACK_LOCATION);
    expect(ctx().hourly.pickup).toBe('');
    expect(calls.nearestAddress).not.toHaveBeenCalled();
  });
});

describe('a popular pickup location tapped (pickup.fill)', () => {
  it('fills the pick-up of the tab on show, clears its mark and saves the form', () => {
    const { actor, ctx, calls } = start();
    actor.send({ type: 'search' });
    actor.send({ type: 'pickup.fill', address: 'Paddington Station, Praed Street, London W2 1HB' });
    expect(ctx().hourly.pickup).toBe('Paddington Station, Praed Street, London W2 1HB');
    expect(ctx().errors.pickup).toBeUndefined();
    expect(calls.persistHourly.mock.lastCall?.[0]).toMatchObject({ pickup: 'Paddington Station, Praed Street, London W2 1HB' });
    actor.send({ type: 'tab.select', tab: 'quote' });
    actor.send({ type: 'pickup.fill', address: 'The Savoy, Strand, London WC2R 0EZ' });
    expect(ctx().quote.pickup).toBe('The Savoy, Strand, London WC2R 0EZ');
    expect(ctx().hourly.pickup).toBe('Paddington Station, Praed Street, London W2 1HB');
    expect(calls.persistQuote.mock.lastCall?.[0]).toMatchObject({ pickup: 'The Savoy, Strand, London WC2R 0EZ' });
  });
});

describe('"Same trip as last time" for a returning visitor (issue 37)', () => {
  const remembered = {
    firstName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.test',
    number: '+44 7700 900123',
    trip: {
      bookingType: 'milleage',
      pickup: 'Paddington Station, Praed Street, London W2 1HB',
      dropoff: 'The Savoy, Strand, London WC2R 0EZ',
      stops: [{ street_name: 'Marylebone Station, Melcombe Place', number: '', postcode: 'London NW1 6JJ' }],
      pickup_duration: '',
    },
  };

  it("opens on the remembered trip's tab, and one tap fills its places (the date and time stay the form's), saved", () => {
    const { actor, calls, ctx } = start({ storedRemembered: remembered });
    expect(ctx().tab).toBe('quote');
    const before = ctx().quote;
    actor.send({ type: 'trip.repeat' });
    expect(ctx().quote).toEqual({ ...before, pickup: remembered.trip.pickup, dropoff: remembered.trip.dropoff, stops: remembered.trip.stops });
    expect(calls.persistQuote).toHaveBeenLastCalledWith(ctx().quote);
    // Ready to Search as it is: tomorrow at the form's default time.
    expect(quoteErrors(ctx().quote, ctx().today)).toEqual({});
  });

  it('an hourly trip fills the hourly pick-up and duration, from the other tab too', () => {
    const hourly = { ...remembered, trip: { ...remembered.trip, bookingType: 'hourly', dropoff: '', stops: [], pickup_duration: '6hour' } };
    const { actor, ctx } = start({ storedRemembered: hourly });
    actor.send({ type: 'tab.select', tab: 'quote' });
    actor.send({ type: 'trip.repeat' });
    expect(ctx().tab).toBe('hourly');
    expect([ctx().hourly.pickup, ctx().hourly.pickup_duration]).toEqual([remembered.trip.pickup, '6hour']);
  });

  it('is not offered without a kept trip, with a damaged one, or when its tab is hidden; a saved BookingType still picks the tab', () => {
    expect(start().actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
    expect(start({ storedRemembered: { ...remembered, email: 42 } }).actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
    expect(start({ storedRemembered: remembered, settings: { IS_QUOTATION: 'enable', HOURLY_RATE_STATUS: 'enable' } }).actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
    expect(start({ storedRemembered: remembered, storedBookingType: 'hourly' }).ctx().tab).toBe('hourly');
  });
});

describe('"Same trip as last time" for a signed-in corporate passenger (issue 37)', () => {
  const accountTrip: RememberedTrip = {
    bookingType: 'milleage',
    pickup: 'Paddington Station, Praed Street, London W2 1HB',
    dropoff: 'The Savoy, Strand, London WC2R 0EZ',
    stops: [{ street_name: 'Marylebone Station, Melcombe Place', number: '', postcode: 'London NW1 6JJ' }],
    pickup_duration: '',
  };
  const deviceTrip = { firstName: 'Bob', surname: 'Other', email: 'bob@example.test', number: '', trip: { ...accountTrip, pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', stops: [] } };
  /** A promise the test resolves or rejects: the call's answer. */
  const pending = <T>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks nothing without a session: no call, the account region rests in guest', () => {
    const { actor, calls } = start({ storedRemembered: deviceTrip });
    expect(actor.getSnapshot().matches({ account: 'guest' })).toBe(true);
    expect(calls.lastBookedTrip).not.toHaveBeenCalled();
  });

  it("signed in: asks once for the account's last trip, offers it when it arrives, and one tap fills the quote form's places, saved", async () => {
    const answer = pending<RememberedTrip | null>();
    const { actor, calls, ctx } = start({ signedIn: true }, undefined, undefined, () => answer.promise);
    expect(actor.getSnapshot().matches({ account: 'loading' })).toBe(true);
    expect(calls.lastBookedTrip).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
    expect(ctx().tab).toBe('hourly');
    answer.resolve(accountTrip);
    await settle();
    expect(actor.getSnapshot().matches({ account: 'loaded' })).toBe(true);
    // The tab stays where it was as the trip arrives; the tap takes the trip's tab.
    expect(ctx().tab).toBe('hourly');
    expect(ctx().lastTrip).toEqual(accountTrip);
    const before = ctx().quote;
    actor.send({ type: 'trip.repeat' });
    expect(ctx().tab).toBe('quote');
    expect(ctx().quote).toEqual({ ...before, pickup: accountTrip.pickup, dropoff: accountTrip.dropoff, stops: accountTrip.stops });
    expect(calls.persistQuote).toHaveBeenLastCalledWith(ctx().quote);
    expect(quoteErrors(ctx().quote, ctx().today)).toEqual({});
    expect(calls.lastBookedTrip).toHaveBeenCalledTimes(1);
  });

  it("signed in, the trip remembered on the device is not offered (it may be another person's): only the account's", async () => {
    const answer = pending<RememberedTrip | null>();
    const { actor, ctx } = start({ signedIn: true, storedRemembered: deviceTrip }, undefined, undefined, () => answer.promise);
    expect(ctx().lastTrip).toBeNull();
    expect(actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
    // Nothing saved: the device's trip does not pick the tab either (spec §4: hourly when both show).
    expect(ctx().tab).toBe('hourly');
    answer.resolve(null);
    await settle();
    expect(actor.getSnapshot().matches({ account: 'loaded' })).toBe(true);
    expect(ctx().lastTrip).toBeNull();
    expect(actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
  });

  it('a failed call (an expired session, offline) offers nothing and the form works as before', async () => {
    const answer = pending<RememberedTrip | null>();
    const { actor, calls, ctx } = start({ signedIn: true }, undefined, undefined, () => answer.promise);
    answer.reject(new Error('Please sign in again.'));
    await settle();
    expect(actor.getSnapshot().matches({ account: 'unavailable' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
    actor.send({ type: 'hourly.change', values: { pickup: 'Savoy' } });
    expect(ctx().hourly.pickup).toBe('Savoy');
    expect(calls.lastBookedTrip).toHaveBeenCalledTimes(1);
  });

  it("an hourly account trip fills the hourly pick-up and duration; hidden tab: not offered", async () => {
    const hourly: RememberedTrip = { bookingType: 'hourly', pickup: accountTrip.pickup, dropoff: '', stops: [], pickup_duration: '6hour' };
    const shown = start({ signedIn: true, storedBookingType: 'milleage' }, undefined, undefined, async () => hourly);
    await settle();
    expect(shown.ctx().tab).toBe('quote');
    shown.actor.send({ type: 'trip.repeat' });
    expect(shown.ctx().tab).toBe('hourly');
    expect([shown.ctx().hourly.pickup, shown.ctx().hourly.pickup_duration]).toEqual([accountTrip.pickup, '6hour']);
    const hidden = start({ signedIn: true, settings: { IS_QUOTATION: 'disable', HOURLY_RATE_STATUS: 'disable' } }, undefined, undefined, async () => hourly);
    await settle();
    expect(hidden.ctx().lastTrip).toEqual(hourly);
    expect(hidden.actor.getSnapshot().can({ type: 'trip.repeat' })).toBe(false);
  });
});
