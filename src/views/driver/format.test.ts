import { describe, expect, it } from 'vitest';
import { farePaid, lastKnownText, navigateUrl, optionLines } from './format.ts';

describe("the driver app's wording", () => {
  it('says how the fare is paid', () => {
    expect(farePaid({ currency: '£', total_pence: 4500, payment: 'card', collect_pence: 0 })).toBe('Paid by card');
    expect(farePaid({ currency: '£', total_pence: 7814, payment: 'car', collect_pence: 7814 })).toBe('Collect £78.14 in the car');
    expect(farePaid({ currency: '£', total_pence: 0, payment: 'car', collect_pence: 0 })).toBe('Nothing to pay');
  });
  it('lists the options asked for, not those left at no, and links the address to Google Maps', () => {
    expect(optionLines({ luggages: 1, wheel_chair: 'no', meet_and_greet: 'J. Smith', child_seat: true, hand_luggages: 0, return_luggages: 1, return_passengers: 2 })).toEqual(['Luggages: 1', 'Meet and greet: J. Smith', 'Child seat']);
    expect(navigateUrl('The Savoy, Strand, London')).toBe('https://www.google.com/maps/dir/?api=1&destination=The%20Savoy%2C%20Strand%2C%20London');
  });
  it('says calmly, in London time, when the work shown was last read from the office', () => {
    expect(lastKnownText('2026-07-02T13:05:00.000Z', 'signal')).toBe('Last known at 14:05 — no signal');
    expect(lastKnownText('2026-12-02T09:07:00.000Z', 'office')).toBe('Last known at 09:07 — the office cannot be reached');
    expect(lastKnownText(null, 'signal')).toBe('No signal');
  });
});
