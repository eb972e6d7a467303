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

/** A charged option's line; none when it is not asked for or not offered (a module function: no closure per row). */
function addExtra(lines: Line[], code: string, label: (options: LegOptions) => string, options: LegOptions, count: number, unit: Pence, leg: LegName, prefix: string) {
  if (count > 0 && unit > 0) lines.push({ code, label: `${prefix}${label(options)}`, leg, group: 'extra', amount_pence: count * unit, quantity: count, unit_pence: unit });
}

const meetLabel = () => 'Meet and greet';
const babyLabel = (options: LegOptions) => `Baby seat${options.baby_seats > 1 ? 's' : ''} × ${options.baby_seats}`;
const boosterLabel = (options: LegOptions) => `Booster seat${options.booster_seats > 1 ? 's' : ''} × ${options.booster_seats}`;
const specialLabel = (options: LegOptions) => `Special luggage × ${options.special_luggage}`;
const waitingLabel = (options: LegOptions) => `Waiting time ${options.waiting_min} min`;

export function extraLines(options: LegOptions, settings: Settings, leg: LegName, prefix = ''): Line[] {
  const lines: Line[] = [];
  const prices = extraPricesOf(settings);
  if (options.meet_and_greet === 'yes') addExtra(lines, 'meet_and_greet', meetLabel, options, 1, prices.meet, leg, prefix);
  addExtra(lines, 'baby_seats', babyLabel, options, options.baby_seats, prices.baby, leg, prefix);
  addExtra(lines, 'booster_seats', boosterLabel, options, options.booster_seats, prices.booster, leg, prefix);
  addExtra(lines, 'special_luggage', specialLabel, options, options.special_luggage, prices.special, leg, prefix);
  addExtra(lines, 'waiting', waitingLabel, options, options.waiting_min / 5, prices.waiting, leg, prefix);
  if (options.wheel_chair === 'yes' && prices.wheelchair) {
    lines.push({ code: 'wheel_chair', label: `${prefix}Wheelchair (no charge)`, leg, group: 'extra', amount_pence: 0, quantity: 1, unit_pence: 0 });
  }
  return lines;
}
