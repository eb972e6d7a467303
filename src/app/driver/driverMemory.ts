/**
 * What the phone keeps of its drivers (issue 32, working without signal): per driver, the job as the office last
 * answered it, when, the shift and the status taps still waiting for the office (machines/driver's DriverMemory), in
 * localStorage under `cabflow.driver.<id>`; `cabflow.driver.last` names the driver signed in last, whom the app opens
 * as when it starts without signal. Signing out forgets the driver's work and that they were last; their waiting taps
 * stay until they sign in again on this phone. Storage that fails (full, private mode) keeps nothing, silently.
 */
import { readMemory, type DriverMemory } from '../../../machines/driver/index.ts';

export const DRIVER_LAST_KEY = 'cabflow.driver.last';
export const driverMemoryKey = (driverId: number) => `cabflow.driver.${driverId}`;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function driverMemoryStore(storage: () => Store | null = () => globalThis.localStorage ?? null) {
  const read = (key: string): string | null => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage()?.removeItem(key);
      else storage()?.setItem(key, value);
    } catch {
      // Not kept: the phone's storage is full or closed.
    }
  };
  const recallOf = (driverId: number): DriverMemory | null => {
    const text = read(driverMemoryKey(driverId));
    if (text === null) return null;
    try {
      const memory = readMemory(JSON.parse(text));
      return memory && memory.driver.id === driverId ? memory : null;
    } catch {
      return null;
    }
  };
  return {
    /** A driver's memory, or (null) the memory of the driver signed in last. */
    recall(driverId: number | null): DriverMemory | null {
      if (driverId !== null) return recallOf(driverId);
      const last = Number(read(DRIVER_LAST_KEY));
      return Number.isSafeInteger(last) && last > 0 ? recallOf(last) : null;
    },
    keep(memory: DriverMemory | null): void {
      if (!memory) return;
      write(driverMemoryKey(memory.driver.id), JSON.stringify(memory));
      write(DRIVER_LAST_KEY, String(memory.driver.id));
    },
    /** Signed out: the work goes, the waiting taps stay (sent once the driver signs in again). */
    forget(driverId: number | null): void {
      if (driverId === null) return;
      if (read(DRIVER_LAST_KEY) === String(driverId)) write(DRIVER_LAST_KEY, null);
      const memory = recallOf(driverId);
      write(driverMemoryKey(driverId), memory && memory.queue.length > 0 ? JSON.stringify({ ...memory, job: null, knownAt: null, shift: null }) : null);
    },
  };
}
