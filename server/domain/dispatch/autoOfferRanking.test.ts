import { describe, expect, it } from 'vitest';
import { AUTO_OFFER_TEXTS, chooseDrivers, estimateText, jobSpan, overlaps, rankByEta, straightLineEstimate, unsuitableReason, type AutoOfferCandidate, type AutoOfferJob, type Estimate } from './autoOfferRanking.ts';

/** The rules of automatic offers (issue 33) without a database: suitability and its words, the estimate, the order. */

const HEATHROW = { lat: 51.47, lng: -0.4543 };
/** About `km` north of Heathrow (a degree of latitude is 111.2 km). */
const north = (km: number) => ({ lat: HEATHROW.lat + km / 111.195, lng: HEATHROW.lng });

const job = (over: Partial<AutoOfferJob> = {}): AutoOfferJob => ({
  bookingNumber: 'CF-JOB1',
  categoryId: 1,
  categoryName: 'Saloon',
  passengers: 2,
  luggage: 1,
  handLuggage: 1,
  wheelchair: false,
  startsAt: new Date('2026-12-02T10:00:00Z'),
  endsAt: new Date('2026-12-02T11:00:00Z'),
  day: '2026-12-02',
  ...over,
});

let ids = 0;
const candidate = (over: Partial<AutoOfferCandidate> = {}, vehicle: Partial<AutoOfferCandidate['vehicle']> = {}): AutoOfferCandidate => ({
  driverId: ++ids,
  name: `Driver ${ids}`,
  driverActive: true,
  driverLicenceExpiry: '2030-01-01',
  vehicle: { id: ids, registration: `AB${ids}CDE`, active: true, licenceExpiry: '2030-01-01', categoryId: 1, categoryName: 'Saloon', seats: 4, luggage: 2, handLuggage: 2, wheelchair: false, ...vehicle },
  position: north(1),
  jobs: [],
  hasOpenOffer: false,
  earlier: null,
  ...over,
});

describe('suitability', () => {
  it('a driver on duty with the right vehicle, licences valid on the day and free at that time suits the job', () => {
    expect(unsuitableReason(job(), candidate())).toBeNull();
  });

  it('each unsuitable driver is passed over with the reason the timeline shows', () => {
    const cases: [Partial<AutoOfferCandidate>, Partial<AutoOfferCandidate['vehicle']>, Partial<AutoOfferJob>, string][] = [
      [{ earlier: 'declined' }, {}, {}, 'declined it'],
      [{ earlier: 'expired' }, {}, {}, 'did not answer'],
      [{ driverActive: false }, {}, {}, 'not active in the register'],
      [{ driverLicenceExpiry: '2026-12-01' }, {}, {}, 'driver licence expires 2026-12-01'],
      [{}, { active: false, registration: 'LX70ABC' }, {}, 'LX70ABC not active in the register'],
      [{}, { licenceExpiry: '2026-12-01', registration: 'LX70ABC' }, {}, 'vehicle licence of LX70ABC expires 2026-12-01'],
      [{}, { categoryId: 2, categoryName: 'Estate' }, {}, 'drives an Estate, the job is for a Saloon'],
      [{}, { categoryId: 3, categoryName: 'MPV' }, { categoryId: 1, categoryName: 'Executive' }, 'drives an MPV, the job is for an Executive'],
      [{}, { categoryId: 2, categoryName: 'VIP Saloon' }, {}, 'drives a VIP Saloon, the job is for a Saloon'],
      [{}, { seats: 4 }, { passengers: 5 }, '4 seats for 5 passengers'],
      [{}, { luggage: 2 }, { luggage: 3 }, 'room for 2 cases, 3 booked'],
      [{}, { handLuggage: 1 }, { handLuggage: 2 }, 'room for 1 hand luggage, 2 booked'],
      [{}, { wheelchair: false }, { wheelchair: true }, 'no wheelchair access'],
      [{ jobs: [{ bookingNumber: 'CF-OTHER', startsAt: new Date('2026-12-02T10:45:00Z'), endsAt: new Date('2026-12-02T11:45:00Z') }] }, {}, {}, 'busy with CF-OTHER at 10:45'],
      [{ hasOpenOffer: true }, {}, {}, 'has another offer open'],
    ];
    for (const [over, vehicle, jobOver, reason] of cases) expect(unsuitableReason(job(jobOver), candidate(over, vehicle)), reason).toBe(reason);
  });

  it('a licence valid until the job’s day itself is valid; one ending the day before is not', () => {
    expect(unsuitableReason(job({ day: '2026-12-24' }), candidate({ driverLicenceExpiry: '2026-12-24' }, { licenceExpiry: '2026-12-24' }))).toBeNull();
    expect(unsuitableReason(job({ day: '2026-12-25' }), candidate({ driverLicenceExpiry: '2026-12-24' }))).toBe('driver licence expires 2026-12-24');
  });

  it('a wheelchair user’s job goes to a wheelchair-accessible vehicle', () => {
    expect(unsuitableReason(job({ wheelchair: true }), candidate({}, { wheelchair: true }))).toBeNull();
  });

  it('busy: another job within 30 minutes of this one’s span, either side; the same booking never clashes with itself', () => {
    const at = (hhmm: string) => new Date(`2026-12-02T${hhmm}:00Z`);
    const span = { startsAt: at('10:00'), endsAt: at('11:00') };
    expect(overlaps(span, { startsAt: at('11:29'), endsAt: at('12:00') })).toBe(true);
    expect(overlaps(span, { startsAt: at('11:31'), endsAt: at('12:00') })).toBe(false);
    expect(overlaps(span, { startsAt: at('08:00'), endsAt: at('09:31') })).toBe(true);
    expect(overlaps(span, { startsAt: at('08:00'), endsAt: at('09:29') })).toBe(false);
    expect(unsuitableReason(job(), candidate({ jobs: [{ bookingNumber: 'CF-JOB1', ...span }] }))).toBeNull();
  });

  it('a job lasts its route’s time, a hire its hours, an unknown one an hour, through its return leg', () => {
    const pickupAt = new Date('2026-12-02T10:00:00Z');
    expect(jobSpan({ pickupAt, durationSeconds: 1800, hireHours: null, returnAt: null }).endsAt.toISOString()).toBe('2026-12-02T10:30:00.000Z');
    expect(jobSpan({ pickupAt, durationSeconds: 1800, hireHours: 3, returnAt: null }).endsAt.toISOString()).toBe('2026-12-02T13:00:00.000Z');
    expect(jobSpan({ pickupAt, durationSeconds: null, hireHours: null, returnAt: null }).endsAt.toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(jobSpan({ pickupAt, durationSeconds: 1800, hireHours: null, returnAt: new Date('2026-12-02T18:00:00Z') }).endsAt.toISOString()).toBe('2026-12-02T18:30:00.000Z');
  });
});

describe('the estimate and the ranking', () => {
  it('the straight line at the owner’s speed: 1.2 km at 20 km/h is about 4 minutes', () => {
    const estimate = straightLineEstimate(north(1.2), HEATHROW, 20);
    expect(Math.round(estimate.metres)).toBe(1200);
    expect(estimate.seconds).toBe(216);
    expect(estimateText(estimate)).toBe('1.2 km, about 4 min');
    expect(estimateText(straightLineEstimate(north(1.2), HEATHROW, 40))).toBe('1.2 km, about 2 min');
    expect(estimateText({ metres: 40, seconds: 7, byRoad: false })).toBe('0.0 km, about 1 min');
    expect(estimateText({ metres: 2414, seconds: 420, byRoad: true })).toBe('2.4 km by road, about 7 min');
    expect(estimateText(null)).toBe('position unknown');
  });

  it('shortest time first, unknown positions last, ties by distance then driver id', () => {
    const e = (seconds: number, metres = seconds * 5): Estimate => ({ seconds, metres, byRoad: false });
    const entries = [
      { candidate: { driverId: 5 }, estimate: null },
      { candidate: { driverId: 4 }, estimate: e(300) },
      { candidate: { driverId: 3 }, estimate: e(120, 900) },
      { candidate: { driverId: 2 }, estimate: e(120, 700) },
      { candidate: { driverId: 1 }, estimate: null },
      { candidate: { driverId: 6 }, estimate: e(120, 700) },
    ];
    expect(rankByEta(entries).map((entry) => entry.candidate.driverId)).toEqual([2, 6, 3, 4, 1, 5]);
  });

  it('by time, not distance: a routed driver further away but faster by road is first', () => {
    const near = candidate({ name: 'Near' });
    const far = candidate({ name: 'Far' });
    const estimates = new Map<number, Estimate>([
      [near.driverId, { metres: 1500, seconds: 900, byRoad: true }],
      [far.driverId, { metres: 4000, seconds: 420, byRoad: true }],
    ]);
    expect(chooseDrivers(job(), [near, far], (entry) => estimates.get(entry.driverId)!).ranked.map((entry) => entry.candidate.name)).toEqual(['Far', 'Near']);
  });

  it('chooses among the suitable only and says why the others were passed over', () => {
    const mohammed = candidate({ name: 'Mohammed', position: north(1.2) });
    const aisha = candidate({ name: 'Aisha', position: north(0.3) }, { seats: 4 });
    const ben = candidate({ name: 'Ben', position: north(5) });
    const { ranked, passedOver } = chooseDrivers(job({ passengers: 5 }), [mohammed, aisha, ben], (entry) => straightLineEstimate(entry.position!, HEATHROW, 20));
    expect(ranked).toEqual([]);
    expect(passedOver.map((entry) => `${entry.name}, ${entry.reason}`)).toEqual(['Mohammed, 4 seats for 5 passengers', 'Aisha, 4 seats for 5 passengers', 'Ben, 4 seats for 5 passengers']);
    const chosen = chooseDrivers(job(), [ben, mohammed, candidate({ name: 'Cara', position: north(0.2), hasOpenOffer: true })], (entry) => straightLineEstimate(entry.position!, HEATHROW, 20));
    expect(chosen.ranked.map((entry) => [entry.candidate.name, estimateText(entry.estimate)])).toEqual([
      ['Mohammed', '1.2 km, about 4 min'],
      ['Ben', '5.0 km, about 15 min'],
    ]);
    expect(chosen.passedOver).toEqual([{ driverId: expect.any(Number), name: 'Cara', reason: 'has another offer open' }]);
  });
});

describe('the timeline’s words', () => {
  it('offered, declined, no answer, nobody, stopped', () => {
    const offered = AUTO_OFFER_TEXTS.offered('Mohammed', straightLineEstimate(north(1.2), HEATHROW, 20));
    expect(offered).toBe('offered to Mohammed: 1.2 km, about 4 min');
    expect(AUTO_OFFER_TEXTS.declined(offered)).toBe('offered to Mohammed: 1.2 km, about 4 min; declined');
    expect(AUTO_OFFER_TEXTS.expired(offered, 30)).toBe('offered to Mohammed: 1.2 km, about 4 min; no answer in 30 s');
    expect(AUTO_OFFER_TEXTS.offeredLine(offered, [])).toBe(offered);
    expect(AUTO_OFFER_TEXTS.offeredLine(offered, [{ name: 'Aisha', reason: 'no wheelchair access' }, { name: 'Ben', reason: 'declined it' }])).toBe(
      'offered to Mohammed: 1.2 km, about 4 min (passed over: Aisha, no wheelchair access; Ben, declined it)',
    );
    expect(AUTO_OFFER_TEXTS.nobodySuitable([{ name: 'Aisha', reason: 'no wheelchair access' }])).toBe('nobody suitable on duty (passed over: Aisha, no wheelchair access)');
    expect(AUTO_OFFER_TEXTS.stopped(3)).toBe('stopped after 3 tries: the booking needs a person');
    expect(AUTO_OFFER_TEXTS.stopped(1)).toBe('stopped after 1 try: the booking needs a person');
    expect(AUTO_OFFER_TEXTS.gaveUpReason(2, 1)).toBe('Automatic offers stopped: 2 declined, 1 did not answer');
    expect(AUTO_OFFER_TEXTS.gaveUpReason(0, 3)).toBe('Automatic offers stopped: 3 did not answer');
  });
});
