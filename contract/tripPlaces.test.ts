import { describe, expect, it } from 'vitest';
import { addressLine, tripPlaces } from './tripPlaces.ts';
import { stopText } from './quoting.constants.ts';

describe('addressLine', () => {
  it('does not say a town or post code twice', () => {
    expect(addressLine('High Street, Slough', 'Slough')).toBe('High Street, Slough');
    expect(addressLine('High Street, slough', 'SLOUGH')).toBe('High Street, slough');
    expect(addressLine('12 High Street', 'TW9 1AA')).toBe('12 High Street, TW9 1AA');
    expect(addressLine('', 'TW9 1AA', null, undefined)).toBe('TW9 1AA');
  });
  it('keeps a part that only contains another as a word', () => {
    expect(addressLine('Slough Road, Datchet', 'Slough')).toBe('Slough Road, Datchet, Slough');
  });
  it('is what a stop reads as', () => {
    expect(stopText({ number: '', street_name: 'High Street, Slough', postcode: 'Slough' })).toBe('High Street, Slough');
    expect(stopText({ number: '12', street_name: 'High Street', postcode: 'TW9 1AA' })).toBe('12 High Street, TW9 1AA');
  });
});

describe('tripPlaces', () => {
  it('lists pick-up, the stops in order, then drop-off', () => {
    expect(tripPlaces('A', ['B', 'C'], 'D')).toEqual([
      { label: 'Pick-up', address: 'A' },
      { label: 'Stop 1', address: 'B' },
      { label: 'Stop 2', address: 'C' },
      { label: 'Drop-off', address: 'D' },
    ]);
  });
  it('has no drop-off for an hourly hire', () => {
    expect(tripPlaces('A', [], '')).toEqual([{ label: 'Pick-up', address: 'A' }]);
  });
});
