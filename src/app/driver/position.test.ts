import { describe, expect, it } from 'vitest';
import { metresBetween, worthSending } from './position.ts';

describe("the driver's position reports", () => {
  const at = { lat: 51.5074, lng: -0.1278, at: 0 };
  it('sends the first fix, then one every 10 s or 50 m, whichever comes first', () => {
    expect(worthSending(null, at)).toBe(true);
    expect(worthSending(at, { ...at, at: 9_999 })).toBe(false);
    expect(worthSending(at, { ...at, at: 10_000 })).toBe(true);
    const north40 = { lat: at.lat + 40 / 111_195, lng: at.lng, at: 3_000 };
    const north60 = { lat: at.lat + 60 / 111_195, lng: at.lng, at: 3_000 };
    expect(Math.round(metresBetween(at, north40))).toBe(40);
    expect(worthSending(at, north40)).toBe(false);
    expect(worthSending(at, north60)).toBe(true);
  });
});
