import { describe, expect, it } from 'vitest';
import { createGoogleMaps, decodePolyline, type Fetch } from './googleMaps.ts';

function fakeFetch(answers: Record<string, unknown>, calls: { url: string; init?: RequestInit }[]): Fetch {
  return async (url, init) => {
    calls.push({ url, init });
    const key = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    if (!key) return new Response('no', { status: 500 });
    return new Response(JSON.stringify(answers[key]), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

describe('Google maps adapter', () => {
  it("decodes Google's polyline example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { lat: 38.5, lon: -120.2 },
      { lat: 40.7, lon: -120.95 },
      { lat: 43.252, lon: -126.453 },
    ]);
  });

  it('asks computeRoutes with a narrow field mask and reads miles, seconds and the path', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const maps = createGoogleMaps({
      apiKey: 'test-key',
      fetch: fakeFetch({ 'https://routes.googleapis.com': { routes: [{ distanceMeters: 32187, duration: '2700s', legs: [{ distanceMeters: 32187, duration: '2700s' }], polyline: { encodedPolyline: '_p~iF~ps|U' } }] } }, calls),
    });
    const route = await maps.route([
      { lat: 51.47, lon: -0.45 },
      { lat: 51.51, lon: -0.12 },
    ]);
    expect(route).toEqual({ miles: 20, seconds: 2700, legs: [{ miles: 20, seconds: 2700 }], estimated: false, path: [{ lat: 38.5, lon: -120.2 }], polyline: '_p~iF~ps|U' });
    const headers = calls[0].init!.headers as Record<string, string>;
    expect(headers['X-Goog-FieldMask']).toBe('routes.distanceMeters,routes.duration,routes.legs.distanceMeters,routes.legs.duration,routes.polyline.encodedPolyline');
    expect(headers['X-Goog-Api-Key']).toBe('test-key');
    expect(JSON.parse(String(calls[0].init!.body))).toMatchObject({ travelMode: 'DRIVE', routingPreference: 'TRAFFIC_UNAWARE', origin: { location: { latLng: { latitude: 51.47, longitude: -0.45 } } } });
  });

  it('falls back to the offline estimate, marked estimated, when Google fails', async () => {
    const maps = createGoogleMaps({ apiKey: 'k', fetch: fakeFetch({}, []) });
    const route = await maps.route([
      { lat: 51.47, lon: -0.45 },
      { lat: 51.51, lon: -0.12 },
    ]);
    expect(route.estimated).toBe(true);
    expect(route.miles).toBeGreaterThan(10);
  });

  it('geocodes an unsaved address and keeps saved addresses offline', async () => {
    const calls: { url: string }[] = [];
    const maps = createGoogleMaps({
      apiKey: 'k',
      fetch: fakeFetch({ 'https://maps.googleapis.com/maps/api/geocode': { status: 'OK', results: [{ formatted_address: '10 Downing St, London SW1A 2AA, UK', geometry: { location: { lat: 51.5034, lng: -0.1276 } } }] } }, calls),
    });
    const place = await maps.resolve('10 Downing Street');
    expect(place).toMatchObject({ label: '10 Downing St, London SW1A 2AA, UK', lat: 51.5034, lon: -0.1276, source: 'google', estimated: false });
    expect(calls[0].url).toContain('region=gb');
    const saved = await maps.resolve('Heathrow Airport Terminal 5', { savedAddresses: [{ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', lat: 51.4723, lon: -0.4877, kind: 'airport' }] });
    expect(saved).toMatchObject({ source: 'saved', iata: 'LHR' });
    expect(calls).toHaveLength(1);
  });
});
