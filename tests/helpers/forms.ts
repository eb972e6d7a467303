/** Dates and forms for tests: London dates a few days ahead, so no test lands in the grace period or the past. */
const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

export function londonDate(daysAhead: number): string {
  return LONDON_DAY.format(new Date(Date.now() + daysAhead * 86_400_000));
}

/** A Wednesday-ish weekday far enough ahead: the next date, at least `min` days away, that is Mon–Fri. */
export function weekdayAhead(min = 3): string {
  for (let days = min; days < min + 7; days++) {
    const date = londonDate(days);
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) return date;
  }
  return londonDate(min);
}

export function oneWayForm(overrides: Record<string, unknown> = {}) {
  return {
    stops: [],
    pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    dropoff: 'The Savoy, Strand, London WC2R 0EZ',
    pickup_date: weekdayAhead(),
    pickup_hour: '2pm',
    pickup_min: '30',
    select_option: 'one_way',
    passengers: 2,
    luggages: 1,
    hand_luggages: 1,
    ...overrides,
  };
}

export function hourlyForm(overrides: Record<string, unknown> = {}) {
  return { pickup_date: weekdayAhead(), pickup_duration: '4hour', pickup_hour: '12pm', pickup_min: '00', pickup: 'Paddington Station, Praed Street, London W2 1HB', userLocation: null, ...overrides };
}
