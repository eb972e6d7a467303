import { describe, expect, it } from 'vitest';
import { storageUrl } from './storageUrl.ts';

describe('storage URLs', () => {
  it('builds storage URLs on the provider host', () => {
    expect(storageUrl('vehicles/saloon.svg', { apiHost: '', publicKey: '', secretKey: '', embedOrigins: [] })).toBe('/storage/vehicles/saloon.svg');
    expect(storageUrl('/vehicles/mpv.svg', { apiHost: 'https://api.example.test', publicKey: '', secretKey: '', embedOrigins: [] })).toBe('https://api.example.test/storage/vehicles/mpv.svg');
  });
});
