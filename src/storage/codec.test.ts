import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsFromRows } from '../../contract/settings.ts';
import { STORAGE_KEYS } from '../../contract/storageKeys.ts';
import {
  clearAllExceptSettings,
  decodeBase64,
  encodeBase64,
  readEncoded,
  readJson,
  writeEncoded,
  writeJson,
  type KeyValueStorage,
} from './codec.ts';
import { loadSettings, saveSettings } from './settingsStore.ts';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('base64 codec', () => {
  it('round-trips the pound sign and other non-Latin-1 text', () => {
    for (const text of ['£', '{"CURRENCY":"£"}', 'Zürich → Łódź 🚕', '']) expect(decodeBase64(encodeBase64(text))).toBe(text);
  });

  it('encodes UTF-8 bytes, as any other base64 decoder reads them', () => {
    expect(encodeBase64('£')).toBe(Buffer.from('£', 'utf8').toString('base64'));
  });

  it('encodes any text, ASCII or not, as Node encodes its UTF-8', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'grapheme' }), fc.string()), (text) => {
        expect(encodeBase64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('encoded and plain keys', () => {
  it('stores an encoded key as base64 of JSON', () => {
    const storage = memoryStorage();
    writeEncoded(STORAGE_KEYS.registrationData, { firstName: 'Zoë' }, storage);
    const raw = storage.map.get('registrationData')!;
    expect(JSON.parse(Buffer.from(raw, 'base64').toString('utf8'))).toEqual({ firstName: 'Zoë' });
    expect(readEncoded(STORAGE_KEYS.registrationData, storage)).toEqual({ firstName: 'Zoë' });
  });

  it('stores BookingForm as plain JSON', () => {
    const storage = memoryStorage();
    writeJson(STORAGE_KEYS.bookingForm, { vehicle_id: 3, price: 42.5 }, storage);
    expect(storage.map.get('BookingForm')).toBe('{"vehicle_id":3,"price":42.5}');
    expect(readJson(STORAGE_KEYS.bookingForm, storage)).toEqual({ vehicle_id: 3, price: 42.5 });
  });

  it('reads a missing or corrupt entry as null', () => {
    const storage = memoryStorage();
    expect(readEncoded(STORAGE_KEYS.hourlyRateForm, storage)).toBeNull();
    storage.setItem('HourlyRateForm', '%%% not base64');
    expect(readEncoded(STORAGE_KEYS.hourlyRateForm, storage)).toBeNull();
    storage.setItem('BookingForm', '{broken');
    expect(readJson(STORAGE_KEYS.bookingForm, storage)).toBeNull();
  });

  it('reads null when there is no storage at all', () => {
    expect(readEncoded(STORAGE_KEYS.registrationData, null)).toBeNull();
    expect(() => writeEncoded(STORAGE_KEYS.registrationData, {}, null)).not.toThrow();
  });

  it('clears everything except appSettings', () => {
    const storage = memoryStorage();
    saveSettings(settingsFromRows([{ setting_name: 'CURRENCY', setting_value: '£' }]), storage);
    writeJson(STORAGE_KEYS.bookingForm, {}, storage);
    storage.setItem('somethingElse', '1');
    clearAllExceptSettings(storage);
    expect([...storage.map.keys()]).toEqual(['appSettings']);
  });

  it('keeps RememberedDetails too: the visitor asked this device to keep them (issue 37)', () => {
    const storage = memoryStorage();
    saveSettings(settingsFromRows([{ setting_name: 'CURRENCY', setting_value: '£' }]), storage);
    writeEncoded(STORAGE_KEYS.rememberedDetails, { email: 'ada@example.test' }, storage);
    writeEncoded(STORAGE_KEYS.registrationData, { email: 'ada@example.test' }, storage);
    clearAllExceptSettings(storage);
    expect([...storage.map.keys()].sort()).toEqual(['RememberedDetails', 'appSettings']);
  });
});

describe('appSettings', () => {
  it('holds the settings base64-encoded and reads them back', () => {
    const storage = memoryStorage();
    const settings = settingsFromRows([
      { setting_name: 'CURRENCY', setting_value: '£' },
      { setting_name: 'Company_Name', setting_value: 'Westway Cars' },
    ]);
    saveSettings(settings, storage);
    expect(JSON.parse(Buffer.from(storage.map.get('appSettings')!, 'base64').toString('utf8'))).toEqual(settings);
    expect(loadSettings(storage)).toEqual(settings);
    expect(loadSettings(storage).CURRENCY).toBe('£');
  });

  it('gives null values when nothing is stored', () => {
    const settings = loadSettings(memoryStorage());
    expect(settings.Company_Name).toBeNull();
    expect(Object.values(settings).every((value) => value === null)).toBe(true);
  });

  it('gives null values for a corrupt entry and for names it lacks', () => {
    const storage = memoryStorage();
    storage.setItem('appSettings', 'bm90IGpzb24=');
    expect(loadSettings(storage).CURRENCY).toBeNull();
    writeEncoded(STORAGE_KEYS.appSettings, { CURRENCY: '£', Unknown: 'x', GRACE_TIME: 120 }, storage);
    const settings = loadSettings(storage);
    expect(settings.CURRENCY).toBe('£');
    expect(settings.GRACE_TIME).toBeNull();
    expect(settings).not.toHaveProperty('Unknown');
  });
});
