import { z } from 'zod';

/**
 * A price of the office's own instead of the tariff's (issue 34): a dispatcher's override on a phone booking, or a
 * QUOTE NOW offer at a quoted price. Only staff send it (the console API); the reason is required and kept in the
 * audit log and on the booking. Pounds with at most two decimals, like every price the API speaks.
 */
export const STAFF_PRICE_LIMITS = { minPounds: 1, maxPounds: 10_000, reasonMin: 3, reasonMax: 500 } as const;

export const STAFF_PRICE_MESSAGES = {
  price: `Enter a price between £${STAFF_PRICE_LIMITS.minPounds} and £${STAFF_PRICE_LIMITS.maxPounds.toLocaleString('en-GB')}, in pounds and pence`,
  reason: `Give the reason for your price (${STAFF_PRICE_LIMITS.reasonMin} to ${STAFF_PRICE_LIMITS.reasonMax} characters)`,
} as const;

/** Pounds, at most two decimals, within the limits. */
export const staffPriceSchema = z.coerce
  .number({ error: STAFF_PRICE_MESSAGES.price })
  .min(STAFF_PRICE_LIMITS.minPounds, STAFF_PRICE_MESSAGES.price)
  .max(STAFF_PRICE_LIMITS.maxPounds, STAFF_PRICE_MESSAGES.price)
  .refine((pounds) => Math.abs(Math.round(pounds * 100) - pounds * 100) < 1e-6, STAFF_PRICE_MESSAGES.price);

export const staffPriceReasonSchema = z.string({ error: STAFF_PRICE_MESSAGES.reason }).trim().min(STAFF_PRICE_LIMITS.reasonMin, STAFF_PRICE_MESSAGES.reason).max(STAFF_PRICE_LIMITS.reasonMax, STAFF_PRICE_MESSAGES.reason);

/** { price, reason }: the office's price of one vehicle and why. */
export const priceOverrideSchema = z.object({ price: staffPriceSchema, reason: staffPriceReasonSchema });
export type PriceOverride = z.output<typeof priceOverrideSchema>;

export const poundsToPence = (pounds: number) => Math.round(pounds * 100);
