import { describe, expect, it } from 'vitest';
import type { RoutePoint } from '../components/booking/RouteSchematic.tsx';
import { layoutRouteMap } from './routeMapLayout.ts';

const points: RoutePoint[] = [
  { kind: 'pickup', label: 'Pick-Up', text: 'A place' },
  { kind: 'stop', label: 'Stop 1', text: 'A stop' },
  { kind: 'dropoff', label: 'Drop-Off', text: 'B place' },
];
const a = { lat: 51.5, lon: -0.1 };
const s = { lat: 51.45, lon: -0.3 };
const b = { lat: 51.47, lon: -0.49 };

describe('layoutRouteMap', () => {
  it('straight segments through the placed markers in order, labelled A, 1, B', () => {
    const layout = layoutRouteMap(points, [a, s, b])!;
    expect(layout.markers.map(({ text, title, zIndex }) => [text, title, zIndex])).toEqual([
      ['A', 'Pick-Up: A place', 3],
      ['1', 'Stop 1: A stop', 1],
      ['B', 'Drop-Off: B place', 2],
    ]);
    expect(layout.line).toEqual([a, s, b]);
    expect(layout.roadRoute).toBe(false);
    expect(layout.bounds).toEqual({ north: 51.5, south: 51.45, east: -0.1, west: -0.49 });
  });

  it('the road route replaces the straight line, and the box holds all of it', () => {
    const road = [a, { lat: 51.6, lon: -0.2 }, b];
    const layout = layoutRouteMap(points, [a, null, b], road)!;
    expect(layout.line).toEqual(road);
    expect(layout.roadRoute).toBe(true);
    expect(layout.markers.map(({ text }) => text)).toEqual(['A', 'B']);
    expect(layout.bounds).toEqual({ north: 51.6, south: 51.47, east: -0.1, west: -0.49 });
  });

  it('a one-point road route is no route', () => {
    expect(layoutRouteMap(points, [a, null, b], [a])!.roadRoute).toBe(false);
  });

  it('nothing placed: null (the schematic); one spot: no line and no box', () => {
    expect(layoutRouteMap(points, [null, null, null])).toBeNull();
    const single = layoutRouteMap([points[0]!], [a])!;
    expect(single.line).toEqual([]);
    expect(single.bounds).toBeNull();
  });
});
