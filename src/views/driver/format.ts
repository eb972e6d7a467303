/** The driver app's wording of a job's facts (London time, money, how the fare is paid, options, the Navigate link). */
import { londonClock } from '../../../contract/londonClock.ts';
import { NOTHING_TO_PAY } from '../../../contract/paymentMethods.ts';
import type { DriverJob, DriverOffer } from '../../../contract/driver.ts';
import { poundsText } from '../../../contract/money.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** "14:30, Wed 2 Dec" in London time. */
export function pickupMoment(iso: string): string {
  const clock = londonClock(new Date(iso));
  const day = new Date(`${clock.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${pad(clock.hour)}:${pad(clock.minute)}, ${day}`;
}


/** "Paid by card" / "Collect £X in the car" / "Nothing to pay". */
export function farePaid(fare: DriverJob['fare'] | DriverOffer['fare']): string {
  if (fare.payment === 'card') return 'Paid by card';
  if (fare.collect_pence <= 0) return NOTHING_TO_PAY;
  return `Collect ${poundsText(fare.collect_pence, fare.currency)} in the car`;
}

/**
 * The booking's options as lines: "Meet and greet: J. Smith", "Child seats: 2", "Wheelchair". The return leg's copies
 * (return_passengers, return_luggages …) are left out: the job is the outbound leg.
 */
export function optionLines(options: Record<string, unknown>): string[] {
  return Object.entries(options)
    .filter(([key]) => !key.startsWith('return_'))
    .filter(([, value]) => value !== null && value !== undefined && value !== false && value !== 0 && !['', 'no', 'false', '0'].includes(String(value).trim().toLowerCase()))
    .map(([key, value]) => {
      const name = key.replace(/[_-]+/g, ' ').replace(/^\w/, (first) => first.toUpperCase());
      return value === true ? name : `${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    });
}

/** Google Maps directions to an address (the phone opens its maps app). */
export const navigateUrl = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

/** "14:05" in London time. */
export function clockTime(iso: string): string {
  const clock = londonClock(new Date(iso));
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * The calm line shown while the office is out of reach, with when the work shown was last read from it:
 * "Last known at 14:05 — no signal", "Last known at 14:05 — the office cannot be reached".
 */
export function lastKnownText(knownAt: string | null, offline: 'signal' | 'office'): string {
  const why = offline === 'signal' ? 'no signal' : 'the office cannot be reached';
  return knownAt ? `Last known at ${clockTime(knownAt)} — ${why}` : why.replace(/^\w/, (first) => first.toUpperCase());
}

/** What the list of waiting taps says under it. */
export const WAITING_TAPS_TEXT = {
  title: 'Waiting to send',
  held: 'They go to the office in order when the signal returns.',
  sending: 'Sending them now, in order.',
} as const;
