import { describe, expect, it } from 'vitest';
import { textBody, textWhen, TEXT_KINDS, type TextFacts } from '../../domain/texts/bodies.ts';
import { maskedNumber, ukMobileE164 } from './phone.ts';
import { countSegments, isGsm7, smsSafe } from './segments.ts';

describe('UK mobile numbers as E.164', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['+447700900123', '+447700900123'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['00447700900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    ['(07700) 900-123', '+447700900123'],
    ['07700.900.123', '+447700900123'],
    ['  07123 456789 ', '+447123456789'],
    ['07624 123456', '+447624123456'], // Isle of Man mobile
    ['07911 123456', '+447911123456'],
  ])('%j → %s', (input, expected) => {
    expect(ukMobileE164(input)).toBe(expected);
  });

  it.each([
    ['020 7946 0321', 'a London landline'],
    ['01632 960123', 'a geographic number'],
    ['0800 123 4567', 'freephone'],
    ['+44 20 7946 0321', 'a landline in international form'],
    ['07000 123456', '070: personal numbering'],
    ['07600 123456', '076: pagers'],
    ['0770090012', 'one digit short'],
    ['077009001234', 'one digit long'],
    ['+33 6 12 34 56 78', 'a French mobile'],
    ['+1 415 555 0100', 'a US number'],
    ['7700 900123', 'no trunk 0 nor country code'],
    ['07700 900123 ext 4', 'an extension'],
    ['07700 9OO123', 'letters'],
    ['07700\u0000900123', 'a NUL'],
    ['', 'nothing'],
    ['+44', 'a country code alone'],
  ])('%j (%s) is not a UK mobile: null', (input) => {
    expect(ukMobileE164(input)).toBeNull();
  });

  it('null, undefined and a huge string are no number', () => {
    expect(ukMobileE164(`0${'7'.repeat(10_000)}`)).toBeNull();
    expect(ukMobileE164(null)).toBeNull();
    expect(ukMobileE164(undefined)).toBeNull();
  });

  it('masks a number for logs', () => {
    expect(maskedNumber('+447700900123')).toBe('+44…123');
  });
});

describe('SMS segments', () => {
  it('GSM-7: 160 in one, 153 a segment once split; the extension table counts twice', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(countSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', units: 307, segments: 3 });
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('€'.repeat(81))).toEqual({ encoding: 'GSM-7', units: 162, segments: 2 });
    expect(countSegments('£éÅ@ {}[]~')).toEqual({ encoding: 'GSM-7', units: 15, segments: 1 });
  });

  it('UCS-2 for anything else: 70 in one, 67 once split; an emoji is two units', () => {
    expect(countSegments('ł'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments('ł'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(countSegments('ł'.repeat(134))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
    expect(countSegments('ł'.repeat(135))).toEqual({ encoding: 'UCS-2', units: 135, segments: 3 });
    expect(countSegments('🚕')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(countSegments(`Cab’s ${'a'.repeat(64)}`).encoding).toBe('UCS-2');
  });

  it('typographic look-alikes become GSM-7, control characters spaces', () => {
    expect(smsSafe('O’Brien’s “Cabs” – 24/7…')).toBe('O\'Brien\'s "Cabs" - 24/7...');
    expect(isGsm7(smsSafe('O’Brien’s “Cabs” – 24/7…'))).toBe(true);
    expect(smsSafe('Line\nbreak\u0000and\ttab\u200b ')).toBe('Line break and tab');
  });
});

const at = new Date('2031-06-21T13:30:00Z'); // 14:30 BST, a Saturday
const facts: TextFacts = {
  companyName: 'Westway Cars',
  bookingNumber: 'CF-ABC123',
  pickupAt: at,
  pickupAddress: 'Heathrow Terminal 5, TW6 2GA',
  driverName: 'Mohammed Ali Khan',
  car: { colour: 'Silver', make: 'Toyota', model: 'Prius', registration: 'LB19 XYZ' },
  link: `https://book.westwaycars.test/manage-booking?token=${'A'.repeat(43)}`,
  etaMinutes: 12.4,
  operatorPhone: '020 7946 0321',
};

describe('the passenger texts', () => {
  it('London time: "14:30 on Sat 21 Jun" (BST), "09:05 on Mon 6 Jan" (GMT)', () => {
    expect(textWhen(at)).toBe('14:30 on Sat 21 Jun');
    expect(textWhen(new Date('2031-01-06T09:05:00Z'))).toBe('09:05 on Mon 6 Jan');
  });

  it('says exactly this (README "Text messages")', () => {
    const link = facts.link!;
    expect(textBody('booking_confirmed', facts)).toBe(`Westway Cars: booking CF-ABC123 is confirmed for 14:30 on Sat 21 Jun from Heathrow Terminal 5, TW6 2GA. Manage or cancel: ${link}`);
    expect(textBody('driver_assigned', facts)).toBe('Westway Cars: your driver for booking CF-ABC123 at 14:30 on Sat 21 Jun is Mohammed, Silver Toyota Prius, registration LB19 XYZ.');
    expect(textBody('driver_on_the_way', facts)).toBe(`Westway Cars: Mohammed is on the way in a Silver Toyota Prius, LB19 XYZ, about 12 min away. Track your driver: ${link}`);
    expect(textBody('driver_on_the_way', { ...facts, etaMinutes: null })).toBe(`Westway Cars: Mohammed is on the way in a Silver Toyota Prius, LB19 XYZ. Track your driver: ${link}`);
    expect(textBody('driver_arrived', facts)).toBe('Westway Cars: Mohammed has arrived at Heathrow Terminal 5, TW6 2GA in a Silver Toyota Prius, LB19 XYZ.');
    expect(textBody('reminder', facts)).toBe(`Westway Cars: reminder of your pick-up at 14:30 on Sat 21 Jun from Heathrow Terminal 5, TW6 2GA (booking CF-ABC123). Manage: ${link}`);
    expect(textBody('booking_cancelled', facts)).toBe('Westway Cars: booking CF-ABC123 for 14:30 on Sat 21 Jun is cancelled. Questions? Call 020 7946 0321.');
    expect(textBody('booking_cancelled', { ...facts, operatorPhone: null })).toBe('Westway Cars: booking CF-ABC123 for 14:30 on Sat 21 Jun is cancelled.');
  });

  it('the longest realistic texts fit 2 segments, GSM-7 and UCS-2: a long address and company name are shortened, never the link or the registration', () => {
    const long: TextFacts = {
      ...facts,
      companyName: 'Westway Executive Chauffeurs and Airport Transfers of Greater London Limited',
      pickupAddress: 'Flat 12, The Old Sorting Office, 123-125 Kensington High Street, Royal Borough of Kensington and Chelsea, London W8 5SF, United Kingdom',
      driverName: 'Maximiliano-Alessandro Fitzgerald-Montgomery',
      car: { colour: 'Metallic Midnight Blue', make: 'Mercedes-Benz', model: 'V-Class Extra Long Exclusive', registration: 'WX71 ABC' },
      link: `https://bookings.westway-executive-chauffeurs.co.uk/manage-booking?token=${'A'.repeat(43)}`,
    };
    for (const kind of TEXT_KINDS) {
      for (const variant of [long, { ...long, pickupAddress: `Łódź Café, ${long.pickupAddress}` }, { ...long, companyName: `Zoë’s 🚕 ${long.companyName}` }]) {
        const body = textBody(kind, variant);
        const count = countSegments(body);
        expect(count.segments, `${kind}: ${body}`).toBeLessThanOrEqual(2);
        if (kind === 'driver_assigned' || kind === 'driver_on_the_way' || kind === 'driver_arrived') expect(body).toContain('WX71 ABC');
        if (kind === 'booking_confirmed' || kind === 'driver_on_the_way' || kind === 'reminder') expect(body).toContain(long.link);
        expect(body).toContain(kind === 'driver_arrived' || kind === 'driver_on_the_way' ? 'Maximiliano-Alessandro' : '');
      }
    }
    // The address is what gives way, with '...'.
    const confirmed = textBody('booking_confirmed', long);
    expect(confirmed).toBe(`Westway Executive Chauffeurs and Airp...: booking CF-ABC123 is confirmed for 14:30 on Sat 21 Jun from Flat 12, The Old Sorting Office, 123-125 Kensington High Street.... Manage or cancel: ${long.link}`);
    expect(countSegments(confirmed)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    // A text that needs UCS-2 keeps its characters while it fits 134 units …
    const short = textBody('booking_cancelled', { ...facts, companyName: 'Zoë’s Łódź Cabs 🚕' });
    expect(short).toBe('Zoë\'s Łódź Cabs 🚕: booking CF-ABC123 for 14:30 on Sat 21 Jun is cancelled. Questions? Call 020 7946 0321.');
    expect(countSegments(short)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    // … and is written in the GSM alphabet when it does not (306 characters rather than 134).
    const ucs = textBody('booking_confirmed', { ...long, pickupAddress: `Łódź Café, ${long.pickupAddress}` });
    expect(countSegments(ucs)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(ucs).toContain('from Lodz Café, Flat 12');
  });

  it('the driver is named by their first name only', () => {
    for (const kind of ['driver_assigned', 'driver_on_the_way', 'driver_arrived'] as const) {
      expect(textBody(kind, facts)).toContain('Mohammed');
      expect(textBody(kind, facts)).not.toContain('Khan');
    }
  });
});
