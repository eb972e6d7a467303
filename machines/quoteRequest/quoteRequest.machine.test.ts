import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { QuoteEmailRequest, QuoteEmailResponse } from '../../contract/enquiries.ts';
import { formFromBookingForm, formFromStoredTrip, timeFromHourAndMinute, to12HourText, toQuotePayload, validateQuoteForm, type QuoteRequestForm } from './quoteRequest.form.ts';
import { quoteRequestMachine } from './quoteRequest.machine.ts';

const TODAY = '2026-03-10';
const storedForm = { pickup: 'Heathrow Airport Terminal 5', dropoff: 'Oxford OX1 1HS', pickup_date: '2026-03-12', pickup_hour: '3pm', pickup_min: '05', passengers: 3, luggages: 2, select_option: 'one_way' };
const filled: Partial<QuoteRequestForm> = { passenger_email: 'sam@example.test', passenger_phone: '07700 900123', passenger_name: 'Sam Lee', additional_info: 'Two child seats' };
const ok: QuoteEmailResponse = { success: true, message: 'Your booking has been sent!', quote_request_id: 7 };

function start(send: (input: QuoteEmailRequest) => Promise<QuoteEmailResponse> = async () => ok, bookingForm: object | null = storedForm) {
  const forgetBookingForm = vi.fn();
  const calls: QuoteEmailRequest[] = [];
  const actor = createActor(
    quoteRequestMachine.provide({
      actors: { sendQuoteRequest: fromPromise(({ input }) => (calls.push(input), send(input))) },
      actions: { forgetBookingForm },
    }),
    { input: { bookingForm, today: TODAY } },
  ).start();
  return { actor, forgetBookingForm, calls };
}

describe('quote request form values', () => {
  it('reads the stored BookingForm: addresses, date, 12-hour time, passengers and luggages', () => {
    expect(formFromBookingForm(storedForm)).toEqual({
      pickup_address: 'Heathrow Airport Terminal 5',
      dropoff_address: 'Oxford OX1 1HS',
      pickup_date: '2026-03-12',
      pickup_time: '15:05',
      passenger_email: '',
      passenger_phone: '',
      passenger_name: '',
      additional_info: '',
      passengers: 3,
      luggages: 2,
    });
  });

  it('falls back to an empty form and clamps stored counts to the limits', () => {
    expect(formFromBookingForm(null)).toMatchObject({ pickup_address: '', passengers: 1, luggages: 0 });
    expect(formFromBookingForm({ passengers: 0, luggages: 99, pickup_date: 'soon', pickup_hour: 'noonish' })).toMatchObject({ passengers: 1, luggages: 20, pickup_date: '', pickup_time: '' });
    expect(formFromBookingForm({ passengers: '70' })).toMatchObject({ passengers: 50 });
  });

  it('prefills the trip searched last: HourlyRateForm after an hourly search, not an older BookingForm', () => {
    const hourly = { pickup: 'Paddington Station, Praed Street, London W2 1HB', pickup_date: '2026-03-10', pickup_hour: '9am', pickup_min: '45', pickup_duration: '4hour' };
    expect(formFromStoredTrip({ bookingType: 'hourly', bookingForm: storedForm, hourlyRateForm: hourly })).toMatchObject({
      pickup_address: 'Paddington Station, Praed Street, London W2 1HB',
      dropoff_address: '',
      pickup_date: '2026-03-10',
      pickup_time: '09:45',
      passengers: 1,
      luggages: 0,
    });
    // A mileage search (or no stored type) reads BookingForm; an hourly type without its form falls back to it too.
    expect(formFromStoredTrip({ bookingType: 'milleage', bookingForm: storedForm, hourlyRateForm: hourly })).toEqual(formFromBookingForm(storedForm));
    expect(formFromStoredTrip({ bookingForm: storedForm })).toEqual(formFromBookingForm(storedForm));
    expect(formFromStoredTrip({ bookingType: 'hourly', bookingForm: storedForm, hourlyRateForm: null })).toEqual(formFromBookingForm(storedForm));
  });

  it('converts times between the stored 12-hour text and the time input', () => {
    expect(timeFromHourAndMinute('12am', '00')).toBe('00:00');
    expect(timeFromHourAndMinute('12pm', '30')).toBe('12:30');
    expect(timeFromHourAndMinute('11pm', undefined)).toBe('23:00');
    expect(to12HourText('15:05')).toBe('3:05pm');
    expect(to12HourText('12:00')).toBe('12pm');
    expect(to12HourText('00:30')).toBe('12:30am');
  });

  it('requires date, time, e-mail and telephone, and a date from today', () => {
    expect(validateQuoteForm(formFromBookingForm(null), TODAY)).toEqual({
      pickup_date: 'Enter the pickup date',
      pickup_time: 'Enter the pickup time',
      passenger_email: 'Enter your email',
      passenger_phone: 'Enter your telephone number',
    });
    const form = { ...formFromBookingForm(storedForm), ...filled };
    expect(validateQuoteForm(form, TODAY)).toEqual({});
    expect(validateQuoteForm({ ...form, pickup_date: '2026-03-09' }, TODAY)).toEqual({ pickup_date: 'The pickup date cannot be in the past' });
    expect(validateQuoteForm({ ...form, passenger_email: 'not-an-email' }, TODAY)).toEqual({ passenger_email: 'Enter a valid email address' });
    expect(validateQuoteForm({ ...form, passengers: 51 }, TODAY)).toEqual({ passengers: 'Passengers must be at most 50' });
  });

  it('sends the spec payload with a 12-hour time', () => {
    expect(toQuotePayload({ ...formFromBookingForm(storedForm), ...filled })).toEqual({
      pickup_address: 'Heathrow Airport Terminal 5',
      dropoff_address: 'Oxford OX1 1HS',
      pickup_date: '2026-03-12',
      pickup_time: '3:05pm',
      passenger_email: 'sam@example.test',
      passenger_phone: '07700 900123',
      passenger_name: 'Sam Lee',
      additional_info: 'Two child seats',
      passengers: 3,
      luggages: 2,
    });
  });
});

describe('quote request machine', () => {
  it('starts editing with the stored BookingForm', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.form.pickup_address).toBe('Heathrow Airport Terminal 5');
  });

  it('shows what is missing and does not send; a changed field loses its message', () => {
    const { actor, calls } = start();
    actor.send({ type: 'quote.send' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ passenger_email: 'Enter your email', passenger_phone: 'Enter your telephone number' });
    actor.send({ type: 'form.change', values: { passenger_email: 'sam@example.test' } });
    expect(actor.getSnapshot().context.errors).toEqual({ passenger_phone: 'Enter your telephone number' });
    expect(calls).toEqual([]);
  });

  it('after a send: BookingForm removed, e-mail, name, comments and telephone cleared, luggages 0, passengers 1', async () => {
    const { actor, forgetBookingForm, calls } = start();
    actor.send({ type: 'form.change', values: filled });
    actor.send({ type: 'quote.send' });
    expect(actor.getSnapshot().value).toBe('sending');
    const snapshot = await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ passenger_email: 'sam@example.test', pickup_time: '3:05pm', passengers: 3, luggages: 2 });
    expect(forgetBookingForm).toHaveBeenCalledTimes(1);
    expect(snapshot.context.form).toEqual({
      pickup_address: 'Heathrow Airport Terminal 5',
      dropoff_address: 'Oxford OX1 1HS',
      pickup_date: '2026-03-12',
      pickup_time: '15:05',
      passenger_email: '',
      passenger_phone: '',
      passenger_name: '',
      additional_info: '',
      passengers: 1,
      luggages: 0,
    });
    actor.send({ type: 'form.change', values: { passenger_email: 'next@example.test' } });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('SEND again right after a send shows the cleared e-mail and telephone as missing, and sends nothing', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.change', values: filled });
    actor.send({ type: 'quote.send' });
    await waitFor(actor, (s) => s.matches('sent'));
    actor.send({ type: 'quote.send' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ passenger_email: 'Enter your email', passenger_phone: 'Enter your telephone number' });
    expect(calls).toHaveLength(1);
  });

  it('on failure keeps everything typed and the reason, then retries', async () => {
    let attempt = 0;
    const { actor, forgetBookingForm, calls } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Something went wrong on our side. Please try again.');
      return ok;
    });
    actor.send({ type: 'form.change', values: filled });
    actor.send({ type: 'quote.send' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('Something went wrong on our side. Please try again.');
    expect(failed.context.form).toMatchObject({ ...filled, passengers: 3, luggages: 2 });
    expect(forgetBookingForm).not.toHaveBeenCalled();
    actor.send({ type: 'quote.retry' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toHaveLength(2);
    expect(forgetBookingForm).toHaveBeenCalledTimes(1);
  });

  it('ignores SEND and edits while sending (no double submit)', async () => {
    let resolve!: (value: QuoteEmailResponse) => void;
    const { actor, calls } = start(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'form.change', values: filled });
    actor.send({ type: 'quote.send' });
    actor.send({ type: 'quote.send' });
    actor.send({ type: 'form.change', values: { passenger_name: 'Changed' } });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.form.passenger_name).toBe('Sam Lee');
    resolve(ok);
    await waitFor(actor, (s) => s.matches('sent'));
  });

  it('dismissing a message returns to editing', async () => {
    const { actor } = start(async () => Promise.reject(new Error('offline')));
    actor.send({ type: 'form.change', values: filled });
    actor.send({ type: 'quote.send' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'message.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('refuses to run without a real sender', async () => {
    const actor = createActor(quoteRequestMachine, { input: { bookingForm: storedForm, today: TODAY } }).start();
    actor.send({ type: 'form.change', values: filled });
    actor.send({ type: 'quote.send' });
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(snapshot.context.failure).toMatch(/not provided/);
  });
});
