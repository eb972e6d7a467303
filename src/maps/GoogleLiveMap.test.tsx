// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSchematic } from '../components/maps/LiveSchematic.tsx';
import { createFakeGoogleMaps, type FakeGoogleMapsRecord } from './fakeGoogleMaps.ts';
import { reportGoogleMapsFailure, resetGoogleMapsLoader } from './googleLoader.ts';
import GoogleLiveMap from './GoogleLiveMap.tsx';

const PICKUP = { lat: 51.4723, lng: -0.4884 };
const label = 'Map of your driver’s car and the pick-up';
const canvasOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid="live-map"] [data-car]')!;

describe('the live map with a Google key (@react-google-maps/api against the fake google.maps)', () => {
  let record: FakeGoogleMapsRecord;
  beforeEach(() => {
    resetGoogleMapsLoader();
    const fake = createFakeGoogleMaps([]);
    record = fake.record;
    (window as unknown as { google: unknown }).google = { maps: fake.google };
  });
  afterEach(() => {
    cleanup();
    delete (window as unknown as { google?: unknown }).google;
    // The loader's state is the module's, shared with the worker's other files (isolate: false).
    resetGoogleMapsLoader();
  });

  it('marks the pick-up and the car, fits both in, and moves the car’s marker as positions arrive', async () => {
    const onFallback = vi.fn();
    const { container, rerender } = render(<GoogleLiveMap apiKey="k" pickup={PICKUP} car={{ lat: 51.4801, lng: -0.4612 }} label={label} onFallback={onFallback} />);
    await waitFor(() => expect(canvasOf(container).dataset.state).toBe('ready'));
    await waitFor(() => expect(record.markers).toHaveLength(2));
    expect(record.markers.map(({ label: text, title, position }) => [text, title, position])).toEqual([
      ['A', 'Pick-up', PICKUP],
      [undefined, "Your driver's car", { lat: 51.4801, lng: -0.4612 }],
    ]);
    expect(canvasOf(container).getAttribute('aria-label')).toBe(label);
    await waitFor(() => expect(record.maps[0].fitBounds.at(-1)).toEqual({ north: 51.4801, south: 51.4723, east: -0.4612, west: -0.4884 }));

    rerender(<GoogleLiveMap apiKey="k" pickup={PICKUP} car={{ lat: 51.4785, lng: -0.4585 }} label={label} onFallback={onFallback} />);
    await waitFor(() => expect(record.markers[1]?.position).toEqual({ lat: 51.4785, lng: -0.4585 }));
    expect(canvasOf(container).dataset.car).toBe('51.4785,-0.4585');
    expect(record.maps).toHaveLength(1);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('asks for the schematic when Google cannot be used on this page load', async () => {
    reportGoogleMapsFailure('test: Google refused the key');
    const onFallback = vi.fn();
    render(<GoogleLiveMap apiKey="k" pickup={PICKUP} car={null} label={label} onFallback={onFallback} />);
    await waitFor(() => expect(onFallback).toHaveBeenCalled());
    expect(record.maps).toHaveLength(0);
  });
});

describe('the live map without a key (the schematic)', () => {
  afterEach(cleanup);

  it('draws the pick-up and the car in one frame, and redraws the car where each position puts it', () => {
    const { container, rerender } = render(<LiveSchematic pickup={PICKUP} car={null} label={label} />);
    const svg = () => container.querySelector('svg')!;
    expect([svg().getAttribute('role'), svg().getAttribute('aria-label'), svg().dataset.car]).toEqual(['img', label, '']);
    expect(container.querySelector('[data-testid="live-map-pickup"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="live-map-car"]')).toBeNull();
    expect(container.textContent).toContain('Schematic, not a street map');

    rerender(<LiveSchematic pickup={PICKUP} car={{ lat: 51.4801, lng: -0.4612 }} label={label} />);
    const first = container.querySelector('[data-testid="live-map-car"] circle')!;
    const at = (circle: Element) => [Number(circle.getAttribute('cx')), Number(circle.getAttribute('cy'))];
    const [x1, y1] = at(first);
    // North-east of the pick-up: right of and above the pin, both inside the drawing.
    const pin = container.querySelector('[data-testid="live-map-pickup"] path')!.getAttribute('d')!.match(/^M ([\d.]+) ([\d.]+)/)!.slice(1).map(Number);
    expect(x1).toBeGreaterThan(pin[0]);
    expect(y1).toBeLessThan(pin[1]);
    for (const [value, size] of [[x1, 400], [y1, 240], [pin[0], 400], [pin[1], 240]]) expect(value > 0 && value < size).toBe(true);

    rerender(<LiveSchematic pickup={PICKUP} car={{ lat: 51.4735, lng: -0.4860 }} label={label} />);
    const [x2, y2] = at(container.querySelector('[data-testid="live-map-car"] circle')!);
    expect(svg().dataset.car).toBe('51.4735,-0.486');
    expect([x2 === x1 && y2 === y1, Math.hypot(x2 - pin[0], y2 - pin[1]) < Math.hypot(x1 - pin[0], y1 - pin[1]) + 1e-9]).toEqual([false, true]);
  });
});
