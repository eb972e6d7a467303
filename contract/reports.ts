/**
 * The owner's reports (/admin/reports, issue 35): GET /api/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD, a range of
 * London days (inclusive) compared with the period of equal length just before it. Every figure is an SQL aggregate
 * (server/domain/reports/repository.ts); money in integer pence.
 *
 * What each figure counts:
 * - bookings made: bookings whose `created_at` falls in the period (lead time and promo codes are of these too);
 * - trips: bookings whose pick-up falls in the period: due (all of them), done (completed), cancelled, no-shows;
 * - revenue: fares of the trips done less the refunds paid on them, plus the cancellation fees kept on cancelled trips;
 * - breakdowns (company, vehicle category, driver, source, payment, hour of the pick-up) are of the trips.
 */
import { z } from 'zod';

/** The longest range a report covers (a leap year and a day). */
export const REPORT_MAX_DAYS = 367;

export const REPORTS_MESSAGES = {
  badDate: 'from and to must be dates (YYYY-MM-DD)',
  toBeforeFrom: 'to must be on or after from',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days`,
} as const;

const day = z.string({ error: REPORTS_MESSAGES.badDate }).regex(/^\d{4}-\d{2}-\d{2}$/, REPORTS_MESSAGES.badDate);
export const reportQuerySchema = z.object({ from: day, to: day });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Where bookings come from (bookings.source, migration 030). */
export const BOOKING_SOURCES = ['website', 'embedded', 'console', 'quote_offer'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  website: 'Website',
  embedded: 'Embedded site',
  console: 'Console',
  quote_offer: 'QUOTE NOW offer',
};

/** How far ahead bookings were made (pick-up less booking time). */
export const LEAD_TIME_BUCKETS = ['under_1h', '1h_4h', '4h_24h', '1d_3d', '3d_7d', '7d_plus'] as const;
export type LeadTimeBucket = (typeof LEAD_TIME_BUCKETS)[number];
export const LEAD_TIME_LABELS: Record<LeadTimeBucket, string> = {
  under_1h: 'Under 1 hour',
  '1h_4h': '1 to 4 hours',
  '4h_24h': '4 to 24 hours',
  '1d_3d': '1 to 3 days',
  '3d_7d': '3 to 7 days',
  '7d_plus': '7 days or more',
};

const count = z.number().int().min(0);
const pence = z.number().int();

/** One period's headline figures. */
export const reportTotalsSchema = z.object({
  bookingsMade: count,
  tripsDue: count,
  tripsDone: count,
  cancelled: count,
  noShows: count,
  /** Fares of the trips done (after promo discounts). */
  faresPence: pence,
  /** Refunds paid on the trips done. */
  refundsPence: pence,
  /** Cancellation fees kept on the cancelled trips. */
  cancellationFeesPence: pence,
  /** faresPence - refundsPence + cancellationFeesPence: what the passengers paid, as charged. */
  revenuePence: pence,
  /** With the site's VAT (when VAT-registered): the revenue including and excluding VAT; null otherwise. */
  revenueWithVatPence: pence.nullable(),
  revenueWithoutVatPence: pence.nullable(),
  /** (faresPence - refundsPence) / tripsDone, to the nearest penny; null without trips done. */
  averageFarePence: pence.nullable(),
  promoUses: count,
  promoCostPence: pence,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** A row of a breakdown of the trips, for the period and the one before. */
export const tripGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  current: z.object({ due: count, done: count, cancelled: count, noShows: count, revenuePence: pence }),
  previous: z.object({ due: count, done: count, cancelled: count, noShows: count, revenuePence: pence }),
});
export type TripGroup = z.infer<typeof tripGroupSchema>;

/** A row of a count breakdown (lead time, cancellation reasons, promo codes): count and pence for both periods. */
export const countGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  current: z.object({ count, pence }),
  previous: z.object({ count, pence }),
});
export type CountGroup = z.infer<typeof countGroupSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int().min(1) });

export const reportSchema = z.object({
  period: periodSchema,
  previousPeriod: periodSchema,
  /** The site's VAT rate as receipts use it, when it is VAT-registered (VAT_NUMBER set); else null. */
  vat: z.object({ ratePercent: z.number(), pricesIncludeVat: z.boolean() }).nullable(),
  current: reportTotalsSchema,
  previous: reportTotalsSchema,
  /** Trips by company; null when the site's bookings name one company only (nothing to compare). */
  byCompany: z.array(tripGroupSchema).nullable(),
  byCategory: z.array(tripGroupSchema),
  byDriver: z.array(tripGroupSchema),
  bySource: z.array(tripGroupSchema),
  byPayment: z.array(tripGroupSchema),
  /** 24 rows, 00 to 23 (London time of the pick-up). */
  byHour: z.array(tripGroupSchema),
  /** Bookings made, by how far ahead (count only). */
  leadTime: z.array(countGroupSchema),
  /** Cancelled and no-show trips by reason (count; pence is the cancellation fees kept). */
  cancellations: z.array(countGroupSchema),
  /** Promo codes used on bookings made (count and discount given). */
  promos: z.array(countGroupSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const reportResponseSchema = z.object({ success: z.literal(true), report: reportSchema });
export type ReportResponse = z.infer<typeof reportResponseSchema>;
