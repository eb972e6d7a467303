// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutePoint } from '../components/booking/RouteSchematic.tsx';
import { createFakeGoogleMaps, type FakeGoogleMapsRecord } from './fakeGoogleMaps.ts';
import { reportGoogleMapsFailure, resetGoogleMapsLoader } from './googleLoader.ts';
import GoogleRouteMap from './GoogleRouteMap.tsx';
import { rememberPosition } from './placePositions.ts';

const fetchPlaceSuggestions = vi.hoisted(() => vi.fn());
vi.mock('../api/places.ts', () => ({ fetchPlaceSuggestions }));

const points: RoutePoint[] = [
  { kind: 'pickup', label: 'Pick-Up', text: 'Paddington Recreation Ground, Randolph Avenue, London W9 1PD, UK' },
  { kind: 'stop', label: 'Stop 1', text: '1 Nowhere Lane, Atlantis' },
  { kind: 'dropoff', label: 'Drop-Off', text: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' },
];
// Google's own example polyline: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
const ENCODED = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';

const mapOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid="google-map"]')!;

describe('Google route map (@react-google-maps/api against the fake google.maps)', () => {
  let record: FakeGoogleMapsRecord;
  beforeEach(() => {
    resetGoogleMapsLoader();
    sessionStorage.clear();
    const fake = createFakeGoogleMaps([]);
    record = fake.record;
    (window as unknown as { google: unknown }).google = { maps: fake.google };
    fetchPlaceSuggestions.mockReset();
  });
  afterEach(() => {
    cleanup();
    delete (window as unknown as { google?: unknown }).google;
    vi.restoreAllMocks();
  });

  it('marks the places it can place and joins them in order with straight lines when the quote has no road route', async () => {
    rememberPosition(points[0].text, { lat: 51.528, lon: -0.186 });
    fetchPlaceSuggestions.mockImplementation(async (text: string) => (text.startsWith('Heathrow') ? [{ address: text, lat: 51.472, lon: -0.489, kind: 'saved', estimated: true }] : []));
    const onFallback = vi.fn();
    const { container } = render(<GoogleRouteMap apiKey="k" points={points} caption="Route overview" onFallback={onFallback} />);
    expect(mapOf(container).dataset.state).toBe('loading');
    await waitFor(() => expect(mapOf(container).dataset.state).toBe('ready'));
    await waitFor(() => expect(record.polylines).toHaveLength(1));
    expect(record.maps).toHaveLength(1);
    expect(mapOf(container).contains(record.maps[0].element)).toBe(true);
    expect(record.markers.map(({ label, title, position }) => [label, title, position])).toEqual([
      ['A', `Pick-Up: ${points[0].text}`, { lat: 51.528, lng: -0.186 }],
      ['B', `Drop-Off: ${points[2].text}`, { lat: 51.472, lng: -0.489 }],
    ]);
    expect(record.polylines).toEqual([
      [
        { lat: 51.528, lng: -0.186 },
        { lat: 51.472, lng: -0.489 },
      ],
    ]);
    expect(record.maps[0].fitBounds).toEqual([{ north: 51.528, south: 51.472, east: -0.186, west: -0.489 }]);
    // Only the places not remembered are looked up, in our own place search.
    expect(fetchPlaceSuggestions.mock.calls.map(([text]) => text)).toEqual([points[1].text, points[2].text]);
    expect(mapOf(container).dataset.markers).toBe('2');
    expect(mapOf(container).dataset.roadRoute).toBe('false');
    expect(mapOf(container).getAttribute('aria-label')).toBe(`Map of the route from ${points[0].text} to ${points[2].text}`);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it("draws the quote's road route (the decoded polyline), with A and B at its ends when the places are unknown", async () => {
    fetchPlaceSuggestions.mockResolvedValue([]);
    const { container } = render(<GoogleRouteMap apiKey="k" points={points} routePolyline={ENCODED} caption="Route overview" onFallback={() => {}} />);
    await waitFor(() => expect(record.polylines).toHaveLength(1));
    expect(record.polylines[0]).toEqual([
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ]);
    expect(record.markers.map(({ label, position }) => [label, position])).toEqual([
      ['A', { lat: 38.5, lng: -120.2 }],
      ['B', { lat: 43.252, lng: -126.453 }],
    ]);
    expect(mapOf(container).dataset.roadRoute).toBe('true');
  });

  it('one pick-up marker at street zoom for hourly hire', async () => {
    rememberPosition(points[0].text, { lat: 51.528, lon: -0.186 });
    const { container } = render(<GoogleRouteMap apiKey="k" points={[points[0]]} caption="Pick-up point" onFallback={() => {}} />);
    await waitFor(() => expect(record.markers).toHaveLength(1));
    expect(record.markers.map(({ label }) => label)).toEqual(['A']);
    expect(record.polylines).toEqual([]);
    expect(record.maps[0].options).toMatchObject({ center: { lat: 51.528, lng: -0.186 }, zoom: 14 });
    expect(record.maps[0].fitBounds).toEqual([]);
    expect(mapOf(container).getAttribute('aria-label')).toBe(`Map of the pick-up point: ${points[0].text}`);
  });

  it('gives way to the schematic when no address can be placed, or Google has failed', async () => {
    fetchPlaceSuggestions.mockResolvedValue([]);
    const onFallback = vi.fn();
    render(<GoogleRouteMap apiKey="k" points={points} caption="Route overview" onFallback={onFallback} />);
    await waitFor(() => expect(onFallback).toHaveBeenCalledWith('no-positions'));
    expect(record.maps).toHaveLength(0);
    cleanup();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportGoogleMapsFailure(new Error('gm_authFailure'));
    const afterFailure = vi.fn();
    rememberPosition(points[0].text, { lat: 51.528, lon: -0.186 });
    render(<GoogleRouteMap apiKey="k" points={points} caption="Route overview" onFallback={afterFailure} />);
    await waitFor(() => expect(afterFailure).toHaveBeenCalledWith('google-failed'));
    expect(record.maps).toHaveLength(0);
  });
});
