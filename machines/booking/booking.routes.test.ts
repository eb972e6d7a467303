import { describe, expect, it } from 'vitest';
import { isBookingPath, routedStateOfPath } from './booking.routes.ts';

describe('routedStateOfPath', () => {
  it('gives the routed state a booking path stands for, with its query and trailing slash ignored and its case kept', () => {
    expect(routedStateOfPath('/home')).toBe('home');
    expect(routedStateOfPath('/home/?from=mail')).toBe('home');
    expect(routedStateOfPath('/HOME')).toBeUndefined();
    expect(routedStateOfPath('/quotationview')).not.toBe('home');
    expect(routedStateOfPath('/contactus')).toBeUndefined();
    expect([isBookingPath('/home'), isBookingPath('/HOME'), isBookingPath('/contactus')]).toEqual([true, false, false]);
  });
});
