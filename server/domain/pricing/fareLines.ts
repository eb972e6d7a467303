import type { Pence, Tariff } from './types.ts';
import { sumPence, type LegName, type Line } from './lines.ts';
import { poundsText } from '../../../contract/money.ts';

/** The fare lines of a leg: by the tariff's base fare and mile bands, a fixed fare, or an hourly hire. */

/** The tariff of a company's vehicle on a London date: the latest valid_from on or before it. */
export function findTariff(tariffs: readonly Tariff[], companyId: number, vehicleId: number, date: string): Tariff | null {
  let found: Tariff | null = null;
  for (const tariff of tariffs) {
    if (tariff.company_id !== companyId || tariff.vehicle_id !== vehicleId || tariff.valid_from > date) continue;
    if (!found || tariff.valid_from > found.valid_from) found = tariff;
  }
  return found;
}

const fmtMiles = (miles: number) => (Number.isInteger(miles) ? String(miles) : miles.toFixed(2));

/** Base fare, one line per mile band used, extra stops and the minimum-fare top-up of one leg. */
export function legFareLines(tariff: Tariff, miles: number, extraStops: number, leg: LegName, prefix = ''): Line[] {
  const lines: Line[] = [{ code: 'base_fare', label: `${prefix}Base fare`, leg, group: 'fare', amount_pence: tariff.base_fare_pence }];
  // Work in hundredths of a mile so that bands split exactly.
  const total = Math.round(miles * 100);
  let from = 0;
  for (const band of tariff.mile_bands) {
    const to = band.up_to_miles === null ? Number.POSITIVE_INFINITY : Math.round(band.up_to_miles * 100);
    const inBand = Math.max(0, Math.min(total, to) - from);
    if (inBand > 0) {
      const rate = `${poundsText(band.per_mile_pence)}/mile`;
      const range =
        from === 0 && band.up_to_miles !== null
          ? `first ${fmtMiles(to / 100)} miles`
          : band.up_to_miles === null
            ? `miles over ${fmtMiles(from / 100)}`
            : `miles ${fmtMiles(from / 100)}–${fmtMiles(to / 100)}`;
      lines.push({
        code: 'mileage',
        label: `${prefix}${fmtMiles(inBand / 100)} mi (${range}) at ${rate}`,
        leg,
        group: 'fare',
        amount_pence: Math.round((inBand * band.per_mile_pence) / 100),
        quantity: inBand / 100,
        unit_pence: band.per_mile_pence,
      });
    }
    if (to >= total) break;
    from = to;
  }
  if (extraStops > 0 && tariff.per_extra_stop_pence > 0) {
    lines.push({
      code: 'extra_stops',
      label: `${prefix}Extra stop${extraStops > 1 ? 's' : ''} × ${extraStops}`,
      leg,
      group: 'fare',
      amount_pence: extraStops * tariff.per_extra_stop_pence,
      quantity: extraStops,
      unit_pence: tariff.per_extra_stop_pence,
    });
  }
  const fare = sumPence(lines);
  if (fare < tariff.minimum_fare_pence) {
    lines.push({
      code: 'minimum_fare',
      label: `${prefix}Minimum fare ${poundsText(tariff.minimum_fare_pence)}: top-up`,
      leg,
      group: 'fare',
      amount_pence: tariff.minimum_fare_pence - fare,
    });
  }
  return lines;
}


/** A leg priced by a fixed fare between two fare zones. */
export const fixedFareLine = (amountPence: Pence, leg: LegName, prefix: string): Line => ({ code: 'fixed_fare', label: `${prefix}Fixed fare`, leg, group: 'fare', amount_pence: amountPence });

/** An hourly hire: the rate × the hours. */
export function hourlyHireLine(hours: number, hourlyRate: Pence, leg: LegName): Line {
  return {
    code: 'hourly_hire',
    label: `Hourly hire: ${hours} hours at ${poundsText(hourlyRate)}/hour`,
    leg,
    group: 'fare' as const,
    amount_pence: hourlyRate * hours,
    quantity: hours,
    unit_pence: hourlyRate,
  };
}
