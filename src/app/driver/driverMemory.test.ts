import { describe, expect, it } from 'vitest';
import type { DriverMemory } from '../../../machines/driver/index.ts';
import { DRIVER_LAST_KEY, driverMemoryKey, driverMemoryStore } from './driverMemory.ts';

function storage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const memory = (id: number, queue: DriverMemory['queue'] = []): DriverMemory => ({
  driver: { id, name: `Driver ${id}`, email: `d${id}@example.test` },
  site: { id: 1, name: 'cabflow' },
  shift: null,
  job: null,
  knownAt: '2026-12-02T09:05:00.000Z',
  queue,
});
const tap = { key: '6f1c2a1e-8a57-4a1b-9d55-0f7b8d1f3a11', bookingNumber: 'CF-1', step: 'arrived' as const, at: '2026-12-02T09:06:00.000Z' };

describe("the phone's memory of its drivers", () => {
  it('keeps each driver under their own key, and opens as the one signed in last', () => {
    const local = storage();
    const store = driverMemoryStore(() => local);
    store.keep(memory(7, [tap]));
    store.keep(memory(8));
    expect(local.items.get(DRIVER_LAST_KEY)).toBe('8');
    expect(store.recall(null)?.driver.id).toBe(8);
    expect(store.recall(7)?.queue).toEqual([tap]);
    expect(store.recall(9)).toBeNull();
  });

  it('signing out forgets the work and who was last, but keeps the waiting taps for the next sign-in', () => {
    const local = storage();
    const store = driverMemoryStore(() => local);
    store.keep({ ...memory(7, [tap]), job: { booking_number: 'CF-1' } as DriverMemory['job'] });
    store.forget(7);
    expect(store.recall(null)).toBeNull();
    expect(store.recall(7)).toMatchObject({ job: null, knownAt: null, queue: [tap] });
    store.keep(memory(8));
    store.forget(8);
    expect(local.items.has(driverMemoryKey(8))).toBe(false);
  });

  it('what it cannot read (another shape, broken JSON, storage refused) is nothing', () => {
    const local = storage();
    const store = driverMemoryStore(() => local);
    local.items.set(driverMemoryKey(7), '{"driver":');
    local.items.set(driverMemoryKey(8), JSON.stringify({ driver: { id: 8 } }));
    local.items.set(driverMemoryKey(9), JSON.stringify(memory(10)));
    expect([store.recall(7), store.recall(8), store.recall(9)]).toEqual([null, null, null]);
    const refused = driverMemoryStore(() => ({
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    }));
    expect(() => refused.keep(memory(7))).not.toThrow();
    expect(refused.recall(null)).toBeNull();
  });
});
