import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BookingCreatePayload } from './booking.types.ts';
import type { SignedInMember } from './booking.context.ts';
import { bookingMachine } from './booking.machine.ts';
import { selectCanBookOnAccount, selectOnAccountOffered } from './booking.selectors.ts';
import type { BookingResponse, PriceDetail } from './booking.types.ts';

const vehicle = { vehicle_id: 1, company_id: 1, quote_id: 'q-1', price: 40, final_price: 40, max_seat: 4, luggage: 2, small_luggage: 2, breakdown: { final_price: 40, final_price_pence: 4000, lines: [] } } as unknown as PriceDetail;
const member = (account: Partial<NonNullable<SignedInMember['account']>> | null = {}): SignedInMember => ({
  name: 'Tess Traveller Jones',
  email: 'tess@travel.test',
  phone: '07700 900123',
  account: account === null ? null : { name: 'Travel Ltd', onAccount: true, poRequired: true, costCentreRequired: false, ...account },
});
const booked = { success: true, data: { booking: { booking_number: 'CF-ACCOUNT1', payment_method: 'account' } } } as unknown as BookingResponse;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The details step of a restored flow, signed in (or not), with the server's answer to the booking call. */
function detailsStep(options: { member?: SignedInMember | null; answer?: (payload: BookingCreatePayload) => Promise<BookingResponse> } = {}) {
  const calls: BookingCreatePayload[] = [];
  const machine = bookingMachine.provide({
    actors: {
      createBooking: fromPromise<BookingResponse, BookingCreatePayload>(async ({ input }) => {
        calls.push(input);
        return (options.answer ?? (async () => booked))(input);
      }),
    },
  });
  const flow = createActor(machine, {
    input: { idempotencyKey: 'flow-1', settings: { SHOWCARD: 'yes', SHOWPAYINCAR: 'yes' }, bookingType: 'hourly', hourlyRateForm: {} as never, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection', quantities: {} },
  }).start();
  if (options.member !== undefined) flow.send({ type: 'member.set', member: options.member });
  flow.send({ type: 'route.enter', path: '/personalDetailView' });
  expect(flow.getSnapshot().value).toEqual({ personalDetails: 'editing' });
  return { flow, calls };
}

describe('booking signed in and on account (issue 34)', () => {
  it('signed in: the details step is filled in from the member and goes to payment with no password and no e-mail check', () => {
    const { flow } = detailsStep({ member: member() });
    const data = flow.getSnapshot().context.registrationData;
    expect([data.firstName, data.surname, data.email, data.number, data.password]).toEqual(['Tess', 'Traveller Jones', 'tess@travel.test', '07700 900123', '']);
    flow.send({ type: 'passengerMode.change', mode: 'existing_client' });
    flow.send({ type: 'details.next' });
    expect(flow.getSnapshot().value).toEqual({ payment: 'choosing' });
  });

  it('not signed in: an existing client without a password is still stopped on the details step', () => {
    const { flow } = detailsStep();
    flow.send({ type: 'registration.change', data: { email: 'a@b.test' } });
    flow.send({ type: 'passengerMode.change', mode: 'existing_client' });
    flow.send({ type: 'details.next' });
    expect(flow.getSnapshot().value).toEqual({ personalDetails: 'editing' });
    expect(selectOnAccountOffered(flow.getSnapshot())).toBe(false);
  });

  it('on account: a required PO number is asked for first; then booked with the PO number and cost centre, for someone else', async () => {
    const { flow, calls } = detailsStep({ member: member() });
    flow.send({ type: 'registration.change', data: { passengerDetails: 'yes', passengerName: 'Colin Colleague', passengerEmail: 'colin@travel.test', passengerPhone: '07700 900222' } });
    flow.send({ type: 'details.next' });
    expect(selectOnAccountOffered(flow.getSnapshot())).toBe(true);
    expect(selectCanBookOnAccount(flow.getSnapshot())).toBe(true);
    flow.send({ type: 'payment.onAccount', fields: { poNumber: '  ', costCentre: '' } });
    expect(flow.getSnapshot().value).toEqual({ payment: 'choosing' });
    expect(flow.getSnapshot().context.alert).toEqual({ kind: 'error', title: 'Error', message: 'Enter a PO number' });
    expect(calls).toEqual([]);
    flow.send({ type: 'payment.onAccount', fields: { poNumber: ' PO-77 ', costCentre: 'Sales' } });
    expect(flow.getSnapshot().value).toEqual({ payment: 'bookingOnAccount' });
    await settle();
    expect(flow.getSnapshot().value).toEqual('confirmed');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ payment_method: 'account', po_number: 'PO-77', cost_centre: 'Sales', registrationData: { passengerDetails: 'yes', passengerName: 'Colin Colleague', email: 'tess@travel.test' } });
    // After the booking the member's details are filled in again for the next one.
    expect(flow.getSnapshot().context.registrationData.email).toBe('tess@travel.test');
  });

  it("over the credit limit: the server's message is shown on the payment step, which stays usable", async () => {
    const message = 'This booking would take your company account over its credit limit (£5.00 available). Choose another way to pay or ask your account admin.';
    const { flow } = detailsStep({ member: member({ poRequired: false }), answer: async () => Promise.reject(new Error(message)) });
    flow.send({ type: 'details.next' });
    flow.send({ type: 'payment.onAccount', fields: { poNumber: '', costCentre: '' } });
    await settle();
    expect(flow.getSnapshot().value).toEqual({ payment: 'choosing' });
    expect(flow.getSnapshot().context.alert).toEqual({ kind: 'error', title: 'Error', message });
    expect(flow.getSnapshot().can({ type: 'payment.payInCar' })).toBe(true);
  });

  it('not offered: no account, an account switched off, or signed out', () => {
    for (const who of [member(null), member({ onAccount: false })]) {
      const { flow, calls } = detailsStep({ member: who });
      flow.send({ type: 'details.next' });
      expect(selectOnAccountOffered(flow.getSnapshot())).toBe(false);
      flow.send({ type: 'payment.onAccount', fields: { poNumber: 'PO-1', costCentre: '' } });
      expect(flow.getSnapshot().value).toEqual({ payment: 'choosing' });
      expect(calls).toEqual([]);
    }
    const { flow } = detailsStep({ member: member() });
    flow.send({ type: 'member.set', member: null });
    expect(flow.getSnapshot().context.member).toBeNull();
  });
});
