import { describe, expect, it } from 'vitest';
import { settingsFromRows } from '../../../contract/settings.ts';
import { linkExpiry, manageLinkUrl, siteOrigin } from './links.ts';
import type { ManagedBooking } from './record.ts';
import { cancellationSettings, decideCancellation } from './terms.ts';

const settings = (values: Record<string, string>) => settingsFromRows(Object.entries(values).map(([setting_name, setting_value]) => ({ setting_name, setting_value })));
const operator = { companyName: 'Westway Cars', phone: '020 7946 0321' };

const booking = (overrides: Partial<ManagedBooking> = {}): ManagedBooking =>
  ({
    id: 1,
    bookingNumber: 'CF-7K2M9QXA',
    status: 'confirmed',
    revision: 0,
    pickupAt: new Date('2027-03-28T09:00:00Z'),
    returnAt: null,
    payment: { intentId: 'pi_1', amountPence: 4500, refundedPence: 0, currency: 'gbp' },
    ...overrides,
  }) as ManagedBooking;

describe('the owner’s cancellation rules', () => {
  it('reads CANCEL_CUTOFF_MINUTES (default 120) and CANCELLATION_FEE in pounds (default 0)', () => {
    expect(cancellationSettings(settings({}))).toEqual({ cutoffMinutes: 120, feePence: 0 });
    expect(cancellationSettings(settings({ CANCEL_CUTOFF_MINUTES: '0', CANCELLATION_FEE: '2.50' }))).toEqual({ cutoffMinutes: 0, feePence: 250 });
    expect(cancellationSettings(settings({ CANCEL_CUTOFF_MINUTES: ' 1440 ', CANCELLATION_FEE: '£5' }))).toEqual({ cutoffMinutes: 1440, feePence: 500 });
    expect(cancellationSettings(settings({ CANCEL_CUTOFF_MINUTES: 'two hours', CANCELLATION_FEE: '-3' }))).toEqual({ cutoffMinutes: 120, feePence: 0 });
    expect(cancellationSettings(settings({ CANCEL_CUTOFF_MINUTES: '99999999' })).cutoffMinutes).toBe(43_200);
  });

  it('the cut-off is an instant before pick-up, shown in London time across the clock change', () => {
    // Pick-up 10:00 BST on the Sunday the clocks go forward (09:00 UTC); two hours before is 07:00 UTC = 08:00 BST.
    const open = decideCancellation(booking(), settings({}), operator, new Date('2027-03-28T06:59:59Z'));
    expect(open.terms).toMatchObject({ allowed: true, refusal: null, cutoff_at: '2027-03-28T07:00:00.000Z', cutoff_date: '2027-03-28', cutoff_time: '8:00am', fee: 0, refund: 45 });
    const shut = decideCancellation(booking(), settings({}), operator, new Date('2027-03-28T07:00:00Z'));
    expect(shut.code).toBe('cutoff_passed');
    expect(shut.terms.refusal).toBe('Bookings can be cancelled online until 2 hours before pick-up (8:00am on 28-03-2027). To cancel now, please call Westway Cars on 020 7946 0321.');
  });

  it('keeps the fee from what is left of the card payment, never more; pay in car has no refund', () => {
    const withFee = settings({ CANCELLATION_FEE: '5' });
    const now = new Date('2027-03-01T00:00:00Z');
    expect(decideCancellation(booking(), withFee, operator, now)).toMatchObject({ feePence: 500, refundPence: 4000 });
    expect(decideCancellation(booking({ payment: { intentId: 'pi_1', amountPence: 4500, refundedPence: 4200, currency: 'gbp' } }), withFee, operator, now)).toMatchObject({ feePence: 300, refundPence: 0 });
    expect(decideCancellation(booking({ payment: null }), withFee, operator, now)).toMatchObject({ feePence: 0, refundPence: null, terms: { fee: 0, refund: null } });
  });

  it('a cancelled or completed booking cannot be cancelled, whatever the time', () => {
    const now = new Date('2027-03-01T00:00:00Z');
    expect(decideCancellation(booking({ status: 'cancelled' }), settings({}), operator, now).terms).toMatchObject({ allowed: false, refusal: 'This booking has already been cancelled.' });
    expect(decideCancellation(booking({ status: 'completed' }), settings({}), { companyName: 'Westway Cars', phone: null }, now).terms.refusal).toBe(
      'This booking has been completed and can no longer be cancelled. Please contact Westway Cars.',
    );
  });
});

describe('manage links', () => {
  it('live until 14 days after the last leg', () => {
    expect(linkExpiry(new Date('2027-07-15T07:00:00Z'), null).toISOString()).toBe('2027-07-29T07:00:00.000Z');
    expect(linkExpiry(new Date('2027-07-15T07:00:00Z'), new Date('2027-07-20T18:00:00Z')).toISOString()).toBe('2027-08-03T18:00:00.000Z');
  });

  it("point at the site's first host over https, else at the deployment's address", () => {
    expect(manageLinkUrl(siteOrigin({ hosts: ['book.northerncabs.test', 'www.northerncabs.test'] }, 'http://localhost:8080'), 'tok')).toBe('https://book.northerncabs.test/manage-booking?token=tok');
    expect(manageLinkUrl(siteOrigin({ hosts: [] }, 'https://cabs.example.test/'), 'tok')).toBe('https://cabs.example.test/manage-booking?token=tok');
  });
});
