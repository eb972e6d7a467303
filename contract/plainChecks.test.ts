import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { regexes } from 'zod/v4/core';
import { addressListSchema, companyListSchema, fleetListSchema, settingListSchema } from './catalog.ts';
import { checkAddressList, checkCompanyList, checkFleetList, checkSettingList, EMAIL_PATTERN } from './plainChecks.ts';

// Values near each shape: right and wrong types per field, missing and extra keys, floats and unsafe integers,
// nested objects replaced by arrays or null, and lists mixing good and bad rows.
const fieldValue = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.constantFrom(1.5, -0, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.constant([]),
  fc.record({ company_name: fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)) }, { requiredKeys: [] }),
);
const rowOf = (keys: string[]) => fc.oneof(fc.dictionary(fc.constantFrom(...keys, 'extra'), fieldValue), fc.constant(null), fc.constant('row'));
const listOf = (keys: string[]) => fc.oneof(fc.array(rowOf(keys), { maxLength: 4 }), fc.anything());

function sameAsSchema(schema: ZodType, check: (value: unknown) => unknown, keys: string[], valid: unknown[]) {
  const compare = (value: unknown) => {
    const parsed = schema.safeParse(value);
    expect(check(value)).toEqual(parsed.success ? parsed.data : null);
  };
  compare(valid);
  compare([...valid, { ...(valid[0] as object), extra: 'dropped' }]);
  fc.assert(fc.property(listOf(keys), compare), { numRuns: 2000 });
}

describe('zod-free checks of the embedded catalogue agree with the contract schemas', () => {
  it('settings', () => sameAsSchema(settingListSchema, checkSettingList, ['setting_name', 'setting_value'], [{ setting_name: 'Company_Name', setting_value: 'Westway' }, { setting_name: 'X', setting_value: null }]));
  it('companies', () => sameAsSchema(companyListSchema, checkCompanyList, ['id', 'company'], [{ id: 1, company: { company_name: 'Westway' } }]));
  it('fleet', () =>
    sameAsSchema(fleetListSchema, checkFleetList, ['tbms_vid', 'vehicle_img', 'category_name', 'seats', 'hand_luggage', 'luggage'], [
      { tbms_vid: 1, vehicle_img: 'vehicles/saloon.svg', category_name: 'Saloon', seats: 4, hand_luggage: 2, luggage: 2 },
    ]));
  it('addresses', () => sameAsSchema(addressListSchema, checkAddressList, ['id', 'address'], [{ id: 7, address: 'Heathrow Terminal 5, TW6 2GA' }]));
});

describe('EMAIL_PATTERN', () => {
  it("is zod's email pattern (the server's check)", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });
});
