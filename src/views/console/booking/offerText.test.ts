import { describe, expect, it } from 'vitest';
import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import type { ConsoleOffer, OnDutyDriver } from '../../../../contract/driver.ts';
import { dutyText, jobSteps, offerBackNotice, offerStateText } from './offerText.ts';

const NOW = new Date('2030-01-15T12:00:00.000Z');
const offer = (patch: Partial<ConsoleOffer>): ConsoleOffer => ({
  id: 1,
  driver: { id: 7, name: 'Dev Patel' },
  vehicle_id: 3,
  state: 'open',
  offered_at: '2030-01-15T11:59:40.000Z',
  expires_at: '2030-01-15T12:00:10.000Z',
  answered_at: null,
  automatic: false,
  ...patch,
});
const booking = (status: ConsoleBookingDetail['status'], dispatch: Partial<ConsoleBookingDetail['dispatch']> = {}) =>
  ({ status, dispatch: { driver: null, on_the_way_at: null, arrived_at: null, on_board_at: null, ...dispatch } }) as unknown as ConsoleBookingDetail;

describe("the booking page's words for offers and the driver's progress", () => {
  it('words each state, London time; an open offer past its expiry reads timed out', () => {
    expect(offerStateText(offer({}), NOW)).toBe('Offered, until 12:00:10');
    expect(offerStateText(offer({ state: 'declined', answered_at: '2030-01-15T12:00:05.000Z' }), NOW)).toBe('Declined at 12:00:05');
    expect(offerStateText(offer({ expires_at: '2030-01-15T11:59:59.000Z' }), NOW)).toBe('Timed out at 11:59:59');
    expect(offerStateText(offer({ state: 'withdrawn', answered_at: null }), NOW)).toBe('Withdrawn');
    expect(offerStateText(offer({ state: 'accepted', answered_at: '2030-07-01T09:30:00.000Z' }), NOW)).toBe('Accepted at 10:30:00');
  });

  it('tells the dispatcher when the last offer of a booking still without a driver came back', () => {
    expect(offerBackNotice(booking('accepted'), [offer({ state: 'declined' })], NOW)).toBe('Dev Patel declined the offer: offer the job to another driver or assign it.');
    expect(offerBackNotice(booking('accepted'), [offer({ state: 'expired' })], NOW)).toBe('The offer to Dev Patel timed out: offer the job to another driver or assign it.');
    expect(offerBackNotice(booking('accepted'), [offer({ state: 'declined' }), offer({ id: 2 })], NOW)).toBeNull();
    expect(offerBackNotice(booking('driver_assigned'), [offer({ state: 'declined' })], NOW)).toBeNull();
  });

  it("says what a driver on duty is doing, and lists the job's steps so far", () => {
    const duty = { driver: { id: 7, name: 'Dev Patel' }, job: null } as unknown as OnDutyDriver;
    expect(dutyText(duty)).toBe('Free');
    expect(dutyText({ ...duty, job: { booking_number: 'CF-1', state: 'assigned', pickup_at: '2030-01-15T14:05:00.000Z' } })).toBe('Next: CF-1 at 14:05');
    expect(dutyText({ ...duty, job: { booking_number: 'CF-1', state: 'arrived', pickup_at: '2030-01-15T14:05:00.000Z' } })).toBe('Arrived · CF-1');
    expect(jobSteps(booking('driver_assigned', { on_the_way_at: '2030-01-15T13:30:00.000Z', arrived_at: '2030-01-15T13:58:00.000Z' })).map((s) => s.stage)).toEqual(['on_the_way', 'arrived']);
  });
});
