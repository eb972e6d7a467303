import { describe, expect, it } from 'vitest';
import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import { extrasPaymentText, extrasRows } from './extrasText.ts';

type Completion = NonNullable<ConsoleBookingDetail['completion']>;
const completion = (patch: Partial<Completion> = {}): Completion => ({
  extras: [
    { code: 'job_waiting', label: 'Waiting time 12 min (added by the driver)', amount_pence: 750 },
    { code: 'job_tolls', label: 'Tolls (added by the driver)', amount_pence: 240 },
  ],
  extras_pence: 990,
  fare_pence: 4250,
  final_pence: 5240,
  paid_in_car: null,
  extras_charge: 'requires_action',
  ...patch,
});

describe("the console's completion and extras (issue 32)", () => {
  it('lists what the driver recorded, then the fare as booked and the final fare', () => {
    expect(extrasRows(completion())).toEqual([
      { label: 'Waiting time 12 min (added by the driver)', amount: '£7.50' },
      { label: 'Tolls (added by the driver)', amount: '£2.40' },
      { label: 'Fare as booked', amount: '£42.50' },
      { label: 'Final fare', amount: '£52.40', strong: true },
    ]);
  });

  it('says how the extras were paid, and what is left to the office', () => {
    expect(extrasPaymentText(completion({ extras_charge: 'succeeded' }))).toEqual({ text: 'Charged to the card', tone: 'ok' });
    expect(extrasPaymentText(completion({ extras_charge: 'charging' }))).toEqual({ text: 'Being charged to the card', tone: 'busy' });
    expect(extrasPaymentText(completion())).toEqual({ text: 'Owing: the bank wanted 3-D Secure, the passenger was mailed a link to pay', tone: 'todo' });
    expect(extrasPaymentText(completion({ extras_charge: 'failed' }))).toEqual({ text: 'Refused by the card: collect from the passenger', tone: 'todo' });
    expect(extrasPaymentText(completion({ extras_charge: 'none', paid_in_car: 'cash' }))).toEqual({ text: 'Paid in cash', tone: 'ok' });
    expect(extrasPaymentText(completion({ extras_charge: 'none', paid_in_car: 'card' }))).toEqual({ text: 'Paid by card in the car', tone: 'ok' });
  });
});
