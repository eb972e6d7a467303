import { describe, expect, it } from 'vitest';
import { BOOKING_CHANNEL_HEADER } from '../../contract/bookings.ts';
import { bookerHeaders } from './booking.ts';

const documentWith = (framed: boolean) => ({ documentElement: { hasAttribute: (name: string) => framed && name === 'data-framed' } }) as unknown as Document;

describe('the booking calls say who books', () => {
  it('the website framed in the operator\'s page says so; on its own it sends nothing extra', () => {
    expect(bookerHeaders(null, documentWith(true))).toEqual({ [BOOKING_CHANNEL_HEADER]: 'embedded' });
    expect(bookerHeaders(null, documentWith(false))).toEqual({});
    expect(bookerHeaders(undefined, undefined)).toEqual({});
  });

  it("a signed-in passenger's token goes as a bearer token, framed or not", () => {
    expect(bookerHeaders('tok', documentWith(false))).toEqual({ authorization: 'Bearer tok' });
    expect(bookerHeaders('tok', documentWith(true))).toEqual({ authorization: 'Bearer tok', [BOOKING_CHANNEL_HEADER]: 'embedded' });
  });
});
