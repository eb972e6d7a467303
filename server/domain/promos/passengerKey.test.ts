import { describe, expect, it } from 'vitest';
import { promoPassengerKey } from './passengerKey.ts';

describe('promoPassengerKey', () => {
  it.each([
    ['Jane@Example.com', 'jane@example.com'],
    [' jane+1@example.com ', 'jane@example.com'],
    ['JANE+promo+2@example.com', 'jane@example.com'],
    ['j.ane@example.com', 'j.ane@example.com'],
    ['J.a.n.e+x@Gmail.com', 'jane@gmail.com'],
    ['jane@googlemail.com', 'jane@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (email, key) => expect(promoPassengerKey(email)).toBe(key));
});
