import type { LegOptions } from '../../../contract/booking.ts';
import type { Settings } from '../../../contract/settings.ts';
import { settingNumber, settingPence } from './money.ts';
import type { Pence } from './types.ts';
import type { LegName, Line } from './lines.ts';

/**
 * Options of one leg, priced from settings (spec §3): MEET_AND_GREET, BABY_PRICE_PER_SEAT, BOOSTER_PRICE_PER_SEAT,
 * SPECIAL_LUGGAGE_PER_PRICE per item, PRICE_PER_FIVE_WAITING_MIN per 5 minutes. An option whose setting is not over
 * zero is not offered (spec §5) and is ignored. A wheelchair is never charged (CLARIFICATIONS 7): WHEEL_CHAIR over zero
 * only offers the option, and a request shows as a £0 line so the driver sees it.
 */
const extraPrices = new WeakMap<Settings, { meet: Pence; baby: Pence; booster: Pence; special: Pence; waiting: Pence; wheelchair: boolean }>();

/** The extras' prices of a settings object, parsed once (a cached catalogue keeps the same object until it changes). */
function extraPricesOf(settings: Settings) {
  let prices = extraPrices.get(settings);
  if (!prices) {
    prices = {
      meet: settingPence(settings.MEET_AND_GREET),
      baby: settingPence(settings.BABY_PRICE_PER_SEAT),
      booster: settingPence(settings.BOOSTER_PRICE_PER_SEAT),
      special: settingPence(settings.SPECIAL_LUGGAGE_PER_PRICE),
      waiting: settingPence(settings.PRICE_PER_FIVE_WAITING_MIN),
      wheelchair: settingNumber(settings.WHEEL_CHAIR) > 0,
    };
    extraPrices.set(settings, prices);
  }
  return prices;
}

export function extraLines(options: LegOptions, settings: Settings, leg: LegName, prefix = ''): Line[] {
  const lines: Line[] = [];
  const prices = extraPricesOf(settings);
  const add = (code: string, label: () => string, count: number, unit: Pence) => {
    if (count > 0 && unit > 0) lines.push({ code, label: `${prefix}${label()}`, leg, group: 'extra', amount_pence: count * unit, quantity: count, unit_pence: unit });
  };
  if (options.meet_and_greet === 'yes') add('meet_and_greet', () => 'Meet and greet', 1, prices.meet);
  add('baby_seats', () => `Baby seat${options.baby_seats > 1 ? 's' : ''} × ${options.baby_seats}`, options.baby_seats, prices.baby);
  add('booster_seats', () => `Booster seat${options.booster_seats > 1 ? 's' : ''} × ${options.booster_seats}`, options.booster_seats, prices.booster);
  add('special_luggage', () => `Special luggage × ${options.special_luggage}`, options.special_luggage, prices.special);
  add('waiting', () => `Waiting time ${options.waiting_min} min`, options.waiting_min / 5, prices.waiting);
  if (options.wheel_chair === 'yes' && prices.wheelchair) {
    lines.push({ code: 'wheel_chair', label: `${prefix}Wheelchair (no charge)`, leg, group: 'extra', amount_pence: 0, quantity: 1, unit_pence: 0 });
  }
  return lines;
}
