// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutePoint } from '../components/booking/RouteSchematic.tsx';
import { drawRouteMap } from './drawRouteMap.ts';
import { createFakeGoogleMaps, type FakeGoogleMapsRecord } from './fakeGoogleMaps.ts';
import { reportGoogleMapsFailure, resetGoogleMapsLoader } from './googleLoader.ts';
import { rememberPosition } from './placePositions.ts';

const fetchPlaceSuggestions = vi.hoisted(() => vi.fn());
vi.mock('../api/places.ts', () => ({ fetchPlaceSuggestions }));

const points: RoutePoint[] = [
  { kind: 'pickup', label: 'Pick-Up', text: 'Paddington Recreation Ground, Randolph Avenue, London W9 1PD, UK' },
  { kind: 'stop', label: 'Stop 1', text: '1 Nowhere Lane, Atlantis' },
  { kind: 'dropoff', label: 'Drop-Off', text: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' },
];

describe('Google route map', () => {
  let record: FakeGoogleMapsRecord;
  let element: HTMLDivElement;
  beforeEach(() => {
    resetGoogleMapsLoader();
    sessionStorage.clear();
    const fake = createFakeGoogleMaps([]);
    record = fake.record;
    (window as unknown as { google: unknown }).google = { maps: fake.google };
    fetchPlaceSuggestions.mockReset();
    element = document.createElement('div');
  });
  afterEach(() => {
    delete (window as unknown as { google?: unknown }).google;
    vi.restoreAllMocks();
  });

  it('marks the places it can place and joins them in order', async () => {
    rememberPosition(points[0].text, { lat: 51.528, lon: -0.186 });
    fetchPlaceSuggestions.mockImplementation(async (text: string) => (text.startsWith('Heathrow') ? [{ address: text, lat: 51.472, lon: -0.489, kind: 'saved', estimated: true }] : []));
    const onFallback = vi.fn();
    drawRouteMap({ element, apiKey: 'k', points, onFallback });
    expect(element.dataset.state).toBe('loading');
    await waitFor(() => expect(element.dataset.state).toBe('ready'));
    expect(record.maps).toHaveLength(1);
    expect(record.maps[0].element).toBe(element);
    expect(record.markers.map(({ label, title }) => [label, title])).toEqual([
      ['A', `Pick-Up: ${points[0].text}`],
      ['B', `Drop-Off: ${points[2].text}`],
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
    expect(element.dataset.markers).toBe('2');
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('draws a given road path instead of straight lines', async () => {
    rememberPosition(points[0].text, { lat: 51.528, lon: -0.186 });
    rememberPosition(points[2].text, { lat: 51.472, lon: -0.489 });
    fetchPlaceSuggestions.mockResolvedValue([]);
    const path = [
      { lat: 51.528, lon: -0.186 },
      { lat: 51.5, lon: -0.3 },
      { lat: 51.472, lon: -0.489 },
    ];
    drawRouteMap({ element, apiKey: 'k', points, path, onFallback: () => {} });
    await waitFor(() => expect(element.dataset.state).toBe('ready'));
    expect(record.polylines[0]).toHaveLength(3);
  });

  it('one pick-up marker for hourly hire', async () => {
    rememberPosition(points[0].text, { lat: 51.528, lon: -0.186 });
    drawRouteMap({ element, apiKey: 'k', points: [points[0]], onFallback: () => {} });
    await waitFor(() => expect(element.dataset.state).toBe('ready'));
    expect(record.markers.map(({ label }) => label)).toEqual(['A']);
    expect(record.polylines).toEqual([]);
    expect(record.maps[0].options).toMatchObject({ center: { lat: 51.528, lng: -0.186 }, zoom: 14 });
  });

  it('gives way to the schematic when no address can be placed, or Google has failed', async () => {
    fetchPlaceSuggestions.mockResolvedValue([]);
    const onFallback = vi.fn();
    drawRouteMap({ element, apiKey: 'k', points, onFallback });
    await waitFor(() => expect(onFallback).toHaveBeenCalledWith('no-positions'));
    expect(record.maps).toHaveLength(0);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportGoogleMapsFailure(new Error('gm_authFailure'));
    const afterFailure = vi.fn();
    drawRouteMap({ element, apiKey: 'k', points, onFallback: afterFailure });
    await waitFor(() => expect(afterFailure).toHaveBeenCalledWith('google-failed'));
  });
});
