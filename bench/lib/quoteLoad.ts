import autocannon from 'autocannon';
import { weekdayAhead } from '../../tests/helpers/forms.ts';
import { visitorAddress, type LoadResult } from '../lib.ts';

const PICKUPS = [
  'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  'Paddington Station, Praed Street, London W2 1HB',
  'The Savoy, Strand, London WC2R 0EZ',
  'Gatwick Airport South Terminal, Crawley RH6 0NP',
  'Richmond, London',
  'Wembley Stadium, London HA9 0WS',
  'Kings Cross Station, London N1 9AL',
  'Shepherds Bush, London W12 7FR',
];
const HOURS = ['9am', '10am', '11am', '12pm', '1pm', '2pm', '3pm', '4pm', '5pm', '6pm', '7pm', '8pm'];
const MINUTES = ['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55'];

/**
 * The n-th of a long series of different searches (no two alike for the first 8 × 7 × 12 × 12 × 4 × 3 = 387 072),
 * as a visitor population would send them: other trips, times and party sizes, on one weekday.
 */
export function distinctSearch(n: number, pickupDate = weekdayAhead()) {
  let rest = n;
  const pick = <T>(list: readonly T[]) => {
    const value = list[rest % list.length];
    rest = Math.floor(rest / list.length);
    return value;
  };
  const pickupIndex = rest % PICKUPS.length;
  const pickup = pick(PICKUPS);
  const dropoff = PICKUPS[(pickupIndex + 1 + (rest % (PICKUPS.length - 1))) % PICKUPS.length];
  rest = Math.floor(rest / (PICKUPS.length - 1));
  return {
    stops: [],
    pickup,
    dropoff,
    pickup_date: pickupDate,
    pickup_hour: pick(HOURS),
    pickup_min: pick(MINUTES),
    select_option: 'one_way',
    passengers: 1 + pick([0, 1, 2, 3]),
    luggages: pick([0, 1, 2]),
    hand_luggages: 1,
  };
}

/** autocannon POSTing a different search each request (the server prices and stores every one), each from the next visitor's address. */
export async function distinctSearchLoad(url: string, headers: Record<string, string>, options: { connections?: number; duration?: number; offset?: number } = {}): Promise<LoadResult & { searches: number }> {
  let n = options.offset ?? 0;
  const date = weekdayAhead();
  const first = n;
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 5,
    // Each body made when sent (a few microseconds), so the load generator holds no pile of them.
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': visitorAddress(n) }, body: JSON.stringify(distinctSearch(n++, date)) }),
      },
    ],
  });
  return {
    path: `${new URL(url).pathname} (distinct)`,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    searches: n - first,
  };
}
