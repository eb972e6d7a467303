import { z } from 'zod';
import { poundsText } from './money.ts';

/**
 * Promo codes (issue 19). The owner's calls live under /api/admin, owners only, every change audited:
 *   GET   /api/admin/promos             → { success, promos: PromoCode[] }   (with their uses)
 *   POST  /api/admin/promos  PromoInput → 201 { success, promo }
 *   PATCH /api/admin/promos/:id  patch  → { success, promo }                (the code itself never changes; active: false switches it off)
 * The visitor's side: `promo_code` in calculate-selected-vehicle-price (answers `promo: AppliedPromo`) and in the
 * booking payload. The server computes the discount from the stored quote; these messages are the one wording, used
 * by the server's refusals and shown as they are by the views.
 */

export const PROMOS_PATHS = { promos: '/api/admin/promos' } as const;

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];


export const PROMO_MESSAGES = {
  invalid: 'This promo code is not valid',
  notYetValid: 'This promo code is not valid yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has been used up',
  usedByPassenger: 'You have already used this promo code',
  minimumFare: (minPence: number) => `This promo code needs a fare of at least ${poundsText(minPence)}`,
  category: 'This promo code does not apply to this vehicle',
  // The console's
  notFound: 'No such promo code on this site',
  codeTaken: 'A promo code with this name already exists',
  codeFormat: 'The code must be 3 to 32 letters, digits, - or _',
  percent: 'The percentage must be a whole number from 1 to 100',
  amount: 'The amount must be from £0.01 to £100,000.00',
  kindValue: 'Give a percentage for a percent code, an amount for a fixed code',
  dates: 'The last valid date must not be before the first',
  cap: 'A use limit must be a whole number of at least 1, or empty for unlimited',
  minFare: 'The minimum fare must be from £0.00 to £1,000,000.00',
  nothingToChange: 'Nothing to change',
} as const;

/** What the visitor typed, as stored: trimmed, upper case (codes are unique per site ignoring case). */
export const normalisePromoCode = (text: string) => text.trim().toUpperCase();
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The breakdown line's label: "Promo code SUMMER10 (10% off)" or "Promo code TENOFF (£10.00 off)". */
export function promoLabel(promo: { code: string; kind: PromoKind; percent: number | null; amount_pence: number | null }): string {
  const off = promo.kind === 'percent' ? `${promo.percent}%` : poundsText(promo.amount_pence ?? 0);
  return `Promo code ${promo.code} (${off} off)`;
}

/**
 * The visitor's field in the booking payload and the selected-vehicle price call: blank is no code. Anything else is
 * kept (upper case) and judged by the server, so a wrong code gets "This promo code is not valid", not a schema error.
 */
export const promoCodeFieldSchema = z.preprocess(
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  z.string().trim().max(64, PROMO_MESSAGES.invalid).transform(normalisePromoCode).optional(),
);

/** A code applied to a priced booking: the breakdown line (code `promo`, negative) and the totals before and after. */
export interface AppliedPromo {
  code: string;
  label: string;
  /** Pence taken off the booking (positive); the line's amount is its negative. */
  discount_pence: number;
  /** Pounds and pence of every vehicle of the booking, before and after the discount. */
  total_before_pence: number;
  total_pence: number;
  total: number;
  line: { code: 'promo'; label: string; leg: 'trip'; group: 'adjustment'; amount: number; amount_pence: number };
}

export const promoCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percent: z.number().nullable(),
  amount_pence: z.number().nullable(),
  /** London dates, inclusive; null = open. */
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  total_cap: z.number().nullable(),
  per_passenger_cap: z.number().nullable(),
  min_fare_pence: z.number(),
  /** Vehicle category ids; empty = every category. */
  categories: z.array(z.number()),
  active: z.boolean(),
  /** Uses counted against the total cap (bookings, and card payments under way). */
  uses: z.number(),
  /** Bookings made with it. */
  bookings: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
/** GET /api/admin/promos; POST (201) and PATCH answer the one code. */
export const promoListResponseSchema = z.object({ success: z.literal(true), promos: z.array(promoCodeSchema) });
export const promoResponseSchema = z.object({ success: z.literal(true), promo: promoCodeSchema });

const isoDate = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Dates are written YYYY-MM-DD');
const cap = z.number({ error: PROMO_MESSAGES.cap }).int(PROMO_MESSAGES.cap).min(1, PROMO_MESSAGES.cap).max(1_000_000, PROMO_MESSAGES.cap).nullable();
const fields = {
  kind: z.enum(PROMO_KINDS, { error: 'Kind must be percent or fixed' }),
  percent: z.number({ error: PROMO_MESSAGES.percent }).int(PROMO_MESSAGES.percent).min(1, PROMO_MESSAGES.percent).max(100, PROMO_MESSAGES.percent).nullable(),
  amount_pence: z.number({ error: PROMO_MESSAGES.amount }).int(PROMO_MESSAGES.amount).min(1, PROMO_MESSAGES.amount).max(10_000_000, PROMO_MESSAGES.amount).nullable(),
  valid_from: isoDate.nullable(),
  valid_to: isoDate.nullable(),
  total_cap: cap,
  per_passenger_cap: cap,
  min_fare_pence: z.number({ error: PROMO_MESSAGES.minFare }).int(PROMO_MESSAGES.minFare).min(0, PROMO_MESSAGES.minFare).max(100_000_000, PROMO_MESSAGES.minFare),
  // Stored as integer[] (vehicle_categories.id is an integer column): a larger number is no category id (a 400, never a database error).
  categories: z.array(z.number().int().positive().max(2_147_483_647, 'categories must be a list of vehicle category ids'), { error: 'categories must be a list of vehicle category ids' }).max(100),
  active: z.boolean({ error: 'active must be true or false' }),
};

type PromoFields = { [K in keyof typeof fields]: z.output<(typeof fields)[K]> };

/** The rules a whole code must keep (after a patch is merged too): the value of its kind, the dates in order. */
export function promoProblem(promo: Pick<PromoFields, 'kind' | 'percent' | 'amount_pence' | 'valid_from' | 'valid_to'>): string | null {
  if ((promo.kind === 'percent') !== (promo.percent !== null) || (promo.kind === 'fixed') !== (promo.amount_pence !== null)) return PROMO_MESSAGES.kindValue;
  if (promo.valid_from && promo.valid_to && promo.valid_to < promo.valid_from) return PROMO_MESSAGES.dates;
  return null;
}

export const promoCreateSchema = z
  .object({
    code: z
      .string({ error: PROMO_MESSAGES.codeFormat })
      .transform(normalisePromoCode)
      .refine((code) => PROMO_CODE_PATTERN.test(code), PROMO_MESSAGES.codeFormat),
    kind: fields.kind,
    percent: fields.percent.default(null),
    amount_pence: fields.amount_pence.default(null),
    valid_from: fields.valid_from.default(null),
    valid_to: fields.valid_to.default(null),
    total_cap: fields.total_cap.default(null),
    per_passenger_cap: fields.per_passenger_cap.default(null),
    min_fare_pence: fields.min_fare_pence.default(0),
    categories: fields.categories.default([]),
    active: fields.active.default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = promoProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type PromoCreate = z.output<typeof promoCreateSchema>;
export type PromoCreateInput = z.input<typeof promoCreateSchema>;

export const promoPatchSchema = z
  .object({
    kind: fields.kind.optional(),
    percent: fields.percent.optional(),
    amount_pence: fields.amount_pence.optional(),
    valid_from: fields.valid_from.optional(),
    valid_to: fields.valid_to.optional(),
    total_cap: fields.total_cap.optional(),
    per_passenger_cap: fields.per_passenger_cap.optional(),
    min_fare_pence: fields.min_fare_pence.optional(),
    categories: fields.categories.optional(),
    active: fields.active.optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, PROMO_MESSAGES.nothingToChange);
export type PromoPatch = z.output<typeof promoPatchSchema>;

export const promoIdParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2 ** 53 - 1) });
