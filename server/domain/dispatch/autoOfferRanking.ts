import { londonClock } from '../../../contract/londonClock.ts';
import { metresBetween } from '../drivers/shifts.ts';

export { metresBetween };

/**
 * The rules of automatic offers (issue 33), pure: which drivers on duty suit a job and why the others do not, how far
 * each is from the pick-up in time, and the words the booking's timeline keeps. autoOffers.ts reads the rows and
 * writes the decisions; this module decides nothing by itself and touches no database.
 */

/** Between two jobs of one driver: at least this long after the earlier one's estimated end (and before it). */
export const BUSY_MARGIN_MINUTES = 30;
/** A job whose length is unknown (a copied or old booking without its route) is taken to last this long. */
export const DEFAULT_JOB_MINUTES = 60;
/** The owner's AUTO_OFFER_SPEED_KMH when unset: a town's average over the straight line (roads wind, lights wait). */
export const DEFAULT_SPEED_KMH = 20;

export interface Point {
  lat: number;
  lng: number;
}

/** The job as the rules see it. `day` is the London date the licences must hold on (the pick-up's, or today if later). */
export interface AutoOfferJob {
  bookingNumber: string;
  categoryId: number;
  categoryName: string;
  passengers: number;
  luggage: number;
  handLuggage: number;
  wheelchair: boolean;
  startsAt: Date;
  endsAt: Date;
  day: string;
}

/** Another job already the driver's (driver_assigned), as a span of time. */
export interface BookedSpan {
  bookingNumber: string;
  startsAt: Date;
  endsAt: Date;
}

/** A driver on duty with their shift's vehicle (its category's capacity), last trusted position and jobs. */
export interface AutoOfferCandidate {
  driverId: number;
  name: string;
  driverActive: boolean;
  driverLicenceExpiry: string;
  vehicle: {
    id: number;
    registration: string;
    active: boolean;
    licenceExpiry: string;
    categoryId: number;
    categoryName: string;
    seats: number;
    luggage: number;
    handLuggage: number;
    wheelchair: boolean;
  };
  position: Point | null;
  jobs: readonly BookedSpan[];
  /** An offer of another job is open on their phone. */
  hasOpenOffer: boolean;
  /** How this driver already answered this job's automatic offer, if it was theirs before. */
  earlier: 'declined' | 'expired' | null;
}

/** How far a driver is from the pick-up: metres and seconds; `byRoad` when the maps port routed it (Google). */
export interface Estimate {
  metres: number;
  seconds: number;
  byRoad: boolean;
}

const hhmm = (at: Date) => {
  const clock = londonClock(at);
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
};

/** "a Saloon", "an Estate", "an MPV" (an initialism is read letter by letter). */
const an = (word: string) => {
  const initialism = /^[A-Z]{2,}\b/.test(word);
  return (initialism ? /^[AEFHILMNORSX]/.test(word) : /^[aeiou]/i.test(word)) ? `an ${word}` : `a ${word}`;
};

/** The span a job keeps its driver busy: from the pick-up to its estimated end (the route's time, the hire's hours, or an hour), through a return leg. */
export function jobSpan(job: { pickupAt: Date; durationSeconds: number | null; hireHours: number | null; returnAt: Date | null }): { startsAt: Date; endsAt: Date } {
  const seconds = job.hireHours ? job.hireHours * 3600 : (job.durationSeconds ?? DEFAULT_JOB_MINUTES * 60);
  const lastLeg = job.returnAt && job.returnAt > job.pickupAt ? job.returnAt : job.pickupAt;
  return { startsAt: job.pickupAt, endsAt: new Date(lastLeg.getTime() + seconds * 1000) };
}

/** Whether two jobs' spans come closer than the margin a driver needs between them. */
export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }, marginMinutes = BUSY_MARGIN_MINUTES): boolean {
  const margin = marginMinutes * 60_000;
  return a.startsAt.getTime() < b.endsAt.getTime() + margin && b.startsAt.getTime() < a.endsAt.getTime() + margin;
}

/** Why this driver is not offered the job (the timeline's words), or null when they suit it. The checks run in this order. */
export function unsuitableReason(job: AutoOfferJob, candidate: AutoOfferCandidate): string | null {
  const { vehicle } = candidate;
  if (candidate.earlier === 'declined') return 'declined it';
  if (candidate.earlier === 'expired') return 'did not answer';
  if (!candidate.driverActive) return 'not active in the register';
  if (candidate.driverLicenceExpiry < job.day) return `driver licence expires ${candidate.driverLicenceExpiry}`;
  if (!vehicle.active) return `${vehicle.registration} not active in the register`;
  if (vehicle.licenceExpiry < job.day) return `vehicle licence of ${vehicle.registration} expires ${vehicle.licenceExpiry}`;
  // What the party needs first (the most telling reason), then the class of vehicle booked.
  if (job.wheelchair && !vehicle.wheelchair) return 'no wheelchair access';
  if (vehicle.seats < job.passengers) return `${vehicle.seats} seats for ${job.passengers} passengers`;
  if (vehicle.luggage < job.luggage) return `room for ${vehicle.luggage} cases, ${job.luggage} booked`;
  if (vehicle.handLuggage < job.handLuggage) return `room for ${vehicle.handLuggage} hand luggage, ${job.handLuggage} booked`;
  if (vehicle.categoryId !== job.categoryId) return `drives ${an(vehicle.categoryName)}, the job is for ${an(job.categoryName)}`;
  const clash = candidate.jobs.find((other) => other.bookingNumber !== job.bookingNumber && overlaps(job, other));
  if (clash) return `busy with ${clash.bookingNumber} at ${hhmm(clash.startsAt)}`;
  if (candidate.hasOpenOffer) return 'has another offer open';
  return null;
}

/** The offline estimate: the straight line at the owner's average speed. */
export function straightLineEstimate(from: Point, to: Point, speedKmh: number): Estimate {
  const metres = metresBetween(from, to);
  return { metres, seconds: Math.round(metres / ((speedKmh * 1000) / 3600)), byRoad: false };
}

/** "1.2 km, about 4 min" (a routed estimate says "by road"). */
export function estimateText(estimate: Estimate | null): string {
  if (!estimate) return 'position unknown';
  const km = (estimate.metres / 1000).toFixed(1);
  const minutes = Math.max(1, Math.round(estimate.seconds / 60));
  return `${km} km${estimate.byRoad ? ' by road' : ''}, about ${minutes} min`;
}

export interface Ranked<C extends { driverId: number }> {
  candidate: C;
  estimate: Estimate | null;
}

/**
 * Best first: the shortest estimated time to the pick-up; drivers whose position is unknown after every known one;
 * equal times by the shorter distance, then the lower driver id (a stable order every process agrees on).
 */
export function rankByEta<C extends { driverId: number }>(entries: readonly Ranked<C>[]): Ranked<C>[] {
  return [...entries].sort((a, b) => {
    if (a.estimate === null || b.estimate === null) {
      if (a.estimate !== b.estimate) return a.estimate === null ? 1 : -1;
      return a.candidate.driverId - b.candidate.driverId;
    }
    return a.estimate.seconds - b.estimate.seconds || a.estimate.metres - b.estimate.metres || a.candidate.driverId - b.candidate.driverId;
  });
}

/** The suitable drivers, best first, with the unsuitable ones and why (in the candidates' order). */
export function chooseDrivers(
  job: AutoOfferJob,
  candidates: readonly AutoOfferCandidate[],
  estimateOf: (candidate: AutoOfferCandidate) => Estimate | null,
): { ranked: Ranked<AutoOfferCandidate>[]; passedOver: { driverId: number; name: string; reason: string }[] } {
  const passedOver: { driverId: number; name: string; reason: string }[] = [];
  const suitable: Ranked<AutoOfferCandidate>[] = [];
  for (const candidate of candidates) {
    const reason = unsuitableReason(job, candidate);
    if (reason) passedOver.push({ driverId: candidate.driverId, name: candidate.name, reason });
    else suitable.push({ candidate, estimate: estimateOf(candidate) });
  }
  return { ranked: rankByEta(suitable), passedOver };
}

// ─── The timeline's words ──────────────────────────────────────────────────────────────────────────────────────────
const passedOverText = (passedOver: readonly { name: string; reason: string }[]) =>
  passedOver.length ? ` (passed over: ${passedOver.map((entry) => `${entry.name}, ${entry.reason}`).join('; ')})` : '';

export const AUTO_OFFER_TEXTS = {
  /** "offered to Mohammed: 1.2 km, about 4 min" — the part an outcome repeats. */
  offered: (name: string, estimate: Estimate | null) => `offered to ${name}: ${estimateText(estimate)}`,
  /** The offer's line with the drivers passed over and why. */
  offeredLine: (offered: string, passedOver: readonly { name: string; reason: string }[]) => `${offered}${passedOverText(passedOver)}`,
  declined: (offered: string) => `${offered}; declined`,
  expired: (offered: string, seconds: number) => `${offered}; no answer in ${seconds} s`,
  nobodyOnDuty: 'nobody on duty to offer it to',
  nobodySuitable: (passedOver: readonly { name: string; reason: string }[]) => `nobody suitable on duty${passedOverText(passedOver)}`,
  stopped: (tries: number) => `stopped after ${tries} ${tries === 1 ? 'try' : 'tries'}: the booking needs a person`,
  /** The reason the needs-action queue shows. */
  gaveUpReason: (declined: number, expired: number) =>
    `Automatic offers stopped: ${[declined ? `${declined} declined` : '', expired ? `${expired} did not answer` : ''].filter(Boolean).join(', ')}`,
} as const;
