import { bookingFormSchema, type BookingForm } from '../../../contract/booking.ts';
import type { PreviewInput, PreviewRow, SurchargeRow } from '../../../contract/consolePrices.ts';
import type { z } from 'zod';
import type { previewInputSchema } from '../../../contract/consolePrices.ts';
import { DomainError } from '../errors.ts';
import { surchargeOf } from './pricesRepository.ts';
import { fareZoneFromRow } from './rows.ts';
import type { FixedFare, PricedRow, PricingCatalog } from './types.ts';

/**
 * The owner's price preview: the saved pricing catalogue with the row being edited put in it (replacing the saved row
 * of the same key or id, else added), for the site's own engine to price. Nothing here is saved.
 */

type Draft = z.output<typeof previewInputSchema>['draft'];

/** A draft row not saved yet gets this id (no saved row has it). */
const UNSAVED_ID = -1;

export function draftPricing(saved: PricingCatalog, draft: Draft, savedSurcharges: SurchargeRow[] | null): PricingCatalog {
  const pricing: PricingCatalog = { ...saved };
  if (draft.tariff) {
    const { tariff } = draft;
    const same = (row: { company_id: number; vehicle_id: number; valid_from: string }) =>
      row.company_id === tariff.company_id && row.vehicle_id === tariff.vehicle_id && row.valid_from === tariff.valid_from;
    pricing.tariffs = [...saved.tariffs.filter((row) => !same(row)), tariff];
  }
  if (draft.surcharge && savedSurcharges) {
    const { id, row } = draft.surcharge;
    pricing.surcharges = [...savedSurcharges.filter((saved) => saved.id !== id).map(({ id: _id, ...rest }) => surchargeOf(rest)), surchargeOf(row)];
  }
  if (draft.zone) {
    const { id, row } = draft.zone;
    const zoneId = id ?? UNSAVED_ID;
    const area = row.area;
    const zone = fareZoneFromRow({
      id: zoneId,
      name: row.name,
      priority: row.priority,
      kind: area.kind,
      center_lat: area.kind === 'radius' ? area.lat : null,
      center_lon: area.kind === 'radius' ? area.lon : null,
      radius_miles: area.kind === 'radius' ? area.radius_miles : null,
      polygon: area.kind === 'polygon' ? area.points : null,
      districts: area.kind === 'postcodes' ? area.districts : null,
    });
    pricing.zones = [...(saved.zones ?? []).filter((saved) => saved.id !== zoneId), zone];
  }
  if (draft.fixed_fare) {
    const { id, row } = draft.fixed_fare;
    const fare: FixedFare = { ...row, id: id ?? UNSAVED_ID };
    pricing.fixedFares = [...(saved.fixedFares ?? []).filter((saved) => saved.id !== fare.id), fare];
  }
  return pricing;
}

/** The preview's trip as the booking form the site prices: one passenger, the chosen London date and time. */
export function previewForm(input: Pick<PreviewInput, 'pickup' | 'dropoff' | 'date' | 'time'>): BookingForm {
  const [hour, minute] = input.time.split(':');
  const parsed = bookingFormSchema.safeParse({ pickup: input.pickup, dropoff: input.dropoff, pickup_date: input.date, pickup_hour: String(Number(hour)), pickup_min: minute, passengers: 1 });
  if (!parsed.success) throw new DomainError('invalid_input', `time: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export const previewRows = (rows: readonly PricedRow[]): PreviewRow[] =>
  rows.map((row) => ({
    company_id: row.company_id,
    company_name: row.company_name,
    vehicle_id: row.vehicle_id,
    vehicle_type: row.vehicle_type,
    final_price_pence: row.breakdown.final_price_pence,
    lines: row.breakdown.lines.map((line) => ({ code: line.code, label: line.label, leg: line.leg, amount_pence: line.amount_pence })),
    notes: row.breakdown.notes,
  }));
