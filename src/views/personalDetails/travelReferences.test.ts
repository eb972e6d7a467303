import { describe, expect, it } from 'vitest';
import { needsTravelReference, travelReferenceFields } from './travelReferences.ts';

describe('travel reference fields', () => {
  it('asks for a reference when the address names an airport or terminal, in any case', () => {
    expect(needsTravelReference('Heathrow AIRPORT, Hounslow')).toBe(true);
    expect(needsTravelReference('Dover Ferry Terminal')).toBe(true);
    expect(needsTravelReference('The Savoy, Strand')).toBe(false);
    expect(needsTravelReference(null)).toBe(false);
  });

  it('shows the return field only on a return trip whose dropoff is an airport or terminal', () => {
    const form = { pickup: 'The Savoy, Strand', dropoff: 'Gatwick Airport North Terminal', select_option: 'one_way' as const };
    expect(travelReferenceFields('milleage', form)).toEqual({ pickup: false, return: false });
    expect(travelReferenceFields('milleage', { ...form, select_option: 'return' })).toEqual({ pickup: false, return: true });
    expect(travelReferenceFields('milleage', { ...form, pickup: 'Stansted Airport' })).toEqual({ pickup: true, return: false });
    expect(travelReferenceFields('hourly', { ...form, pickup: 'Stansted Airport' })).toEqual({ pickup: false, return: false });
  });
});
