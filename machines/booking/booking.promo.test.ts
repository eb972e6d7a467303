import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AppliedPromo } from '../../contract/promoCodes.ts';
import type { RecalculateSelectedVehicleInput, RecalculateSelectedVehicleOutput } from './booking.actors.ts';
import { bookingPayload } from './booking.context.ts';
import { bookingMachine } from './booking.machine.ts';
import { selectAmountToPayMinor, selectPromoField, selectTotalToPay } from './booking.selectors.ts';
import type { PriceDetail } from './booking.types.ts';

const vehicle = { vehicle_id: 1, company_id: 1, quote_id: 'q-1', price: 40, final_price: 40, max_seat: 4, luggage: 2, small_luggage: 2, breakdown: { final_price: 40, final_price_pence: 4000, lines: [] } } as unknown as PriceDetail;
const applied: AppliedPromo = {
  code: 'TENPC',
  label: 'Promo code TENPC (10% off)',
  discount_pence: 800,
  total_before_pence: 8000,
  total_pence: 7200,
  total: 72,
  line: { code: 'promo', label: 'Promo code TENPC (10% off)', leg: 'trip', group: 'adjustment', amount: -8, amount_pence: -800 },
};

/** The details step of a restored flow (two vehicles booked), with the server's answer to the re-pricing call. */
function detailsStep(answer: (input: RecalculateSelectedVehicleInput) => RecalculateSelectedVehicleOutput) {
  const calls: RecalculateSelectedVehicleInput[] = [];
  const machine = bookingMachine.provide({
    actors: {
      recalculateSelectedVehicle: fromPromise<RecalculateSelectedVehicleOutput, RecalculateSelectedVehicleInput>(async ({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const flow = createActor(machine, {
    input: { idempotencyKey: 'flow-1', bookingType: 'hourly', hourlyRateForm: {} as never, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection', quantities: { '1-1': 2 } },
  }).start();
  flow.send({ type: 'route.enter', path: '/personalDetailView' });
  expect(flow.getSnapshot().value).toEqual({ personalDetails: 'editing' });
  return { flow, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the promo code field of the details step', () => {
  it('Apply sends the code with the booked quantity; the server’s line and total become the amount to pay and the booking’s promo_code', async () => {
    const { flow, calls } = detailsStep(() => ({ status: 200, data: { success: true, quote_id: 'q-1', price: 40, final_price: 40, breakdown: vehicle.breakdown, promo: applied } }));
    flow.send({ type: 'promo.apply' }); // nothing typed: nothing asked
    expect(calls).toEqual([]);
    flow.send({ type: 'promo.change', code: ' tenpc ' });
    flow.send({ type: 'promo.apply' });
    expect(flow.getSnapshot().value).toEqual({ personalDetails: 'checkingPromo' });
    expect(selectPromoField(flow.getSnapshot()).checking).toBe(true);
    await settle();
    expect(calls).toEqual([{ vehicle, options: { promo_code: 'TENPC', selectedVehicle: 2 } }]);
    const s = flow.getSnapshot();
    expect(s.value).toEqual({ personalDetails: 'editing' });
    expect(selectPromoField(s)).toEqual({ draft: 'TENPC', message: null, checking: false, applied });
    expect([selectTotalToPay(s), selectAmountToPayMinor(s)]).toEqual([72, 7200]);
    expect(bookingPayload(s.context, 'car').promo_code).toBe('TENPC');

    flow.send({ type: 'promo.remove' });
    expect(selectPromoField(flow.getSnapshot())).toEqual({ draft: '', message: null, checking: false, applied: null });
    expect(selectAmountToPayMinor(flow.getSnapshot())).toBe(8000);
    expect(bookingPayload(flow.getSnapshot().context, 'car')).not.toHaveProperty('promo_code');
  });

  it('a refusal shows the server’s message and applies nothing; typing again clears it', async () => {
    const { flow } = detailsStep(() => ({ status: 409, data: null, message: 'This promo code has been used up' }));
    flow.send({ type: 'promo.change', code: 'ONCEONLY' });
    flow.send({ type: 'promo.apply' });
    await settle();
    expect(selectPromoField(flow.getSnapshot())).toEqual({ draft: 'ONCEONLY', message: 'This promo code has been used up', checking: false, applied: null });
    flow.send({ type: 'promo.change', code: 'ONCEONL' });
    expect(selectPromoField(flow.getSnapshot()).message).toBeNull();
  });

  it('a restored applied code comes back with its vehicle, and is dropped when another vehicle or quantity is chosen', () => {
    const flow = createActor(bookingMachine, {
      input: { idempotencyKey: 'flow-2', bookingType: 'hourly', hourlyRateForm: {} as never, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection', quantities: { '1-1': 2 }, promo: applied },
    }).start();
    expect(selectPromoField(flow.getSnapshot()).applied).toEqual(applied);
    flow.send({ type: 'route.enter', path: '/quotationview' });
    flow.send({ type: 'vehicle.quantity', vehicle, quantity: 3 });
    expect(selectPromoField(flow.getSnapshot()).applied).toBeNull();
  });
});
