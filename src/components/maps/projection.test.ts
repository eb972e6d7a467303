import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTRE, frameAround, milesToSvg, toLatLon, toSvg } from './projection.ts';

describe('the schematic projection', () => {
  it('frames nothing around central London, 0.5° of latitude tall, a mile as long east–west as north–south', () => {
    const frame = frameAround([], 400, 300);
    expect((frame.north + frame.south) / 2).toBeCloseTo(DEFAULT_CENTRE.lat, 9);
    expect((frame.east + frame.west) / 2).toBeCloseTo(DEFAULT_CENTRE.lon, 9);
    expect(frame.north - frame.south).toBeCloseTo(0.5, 9);
    const lonScale = Math.cos((DEFAULT_CENTRE.lat * Math.PI) / 180);
    // 400 px across is (400/300) × the height in north degrees.
    expect((frame.east - frame.west) * lonScale).toBeCloseTo((0.5 * 400) / 300, 9);
  });

  it('puts every point inside, with a margin', () => {
    const points = [
      { lat: 51.47, lon: -0.49 },
      { lat: 52.2, lon: 0.12 },
      { lat: 51.0, lon: -1.3 },
    ];
    const frame = frameAround(points, 400, 300);
    for (const point of points) {
      const { x, y } = toSvg(frame, point);
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(400);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(300);
    }
  });

  it('a click goes back to the point it shows (to 5 decimals), north up and west left', () => {
    const frame = frameAround([{ lat: 51.47, lon: -0.4543 }], 400, 300);
    const heathrow = { lat: 51.47, lon: -0.4543 };
    expect(toLatLon(frame, toSvg(frame, heathrow))).toEqual(heathrow);
    expect(toSvg(frame, heathrow)).toEqual({ x: expect.closeTo(200, 6), y: expect.closeTo(150, 6) });
    expect(toLatLon(frame, { x: 0, y: 0 })).toEqual({ lat: Math.round(frame.north * 1e5) / 1e5, lon: Math.round(frame.west * 1e5) / 1e5 });
    expect(toSvg(frame, { lat: frame.north, lon: frame.east })).toEqual({ x: 400, y: 0 });
  });

  it('a radius in miles is drawn at the frame’s scale (69.05 miles a degree of latitude)', () => {
    const frame = frameAround([], 400, 300);
    expect(milesToSvg(frame, 69.05 * 0.25)).toBeCloseTo(150, 6);
  });
});
