import { z } from 'zod';
import { isCalendarDate, SETTLEMENT_MESSAGES } from './settlementRules.ts';

/**
 * Driver settlement (issue 35). The owner's calls, under /api/admin, owners only, every change audited:
 *   GET  /api/admin/settlement?week=YYYY-MM-DD                → { success, week, weeks, drivers: DriverWeek[] }
 *   GET  /api/admin/settlement/:driver_id/:week               → { success, detail: WeekDetail }
 *   POST /api/admin/settlement/:driver_id/:week/adjustments  { amount_pence, reason } → 201 { success, detail }
 *   POST /api/admin/settlement/:driver_id/:week/settle       → { success, message, detail }   (409 once settled)
 *   GET  /api/admin/settlement/:driver_id/:week/statement    → the weekly statement, application/pdf
 * The driver's own, under /api/driver (their session decides whose):
 *   GET  /api/driver/earnings                                 → { success, weeks: DriverWeek[] } (the last 8 weeks)
 *   GET  /api/driver/earnings/:week                           → { success, detail: WeekDetail }
 *   GET  /api/driver/earnings/:week/statement                 → the same PDF as the owner's
 * Rules and wording: contract/settlementRules.ts.
 */

export const SETTLEMENT_PATHS = { console: '/api/admin/settlement', driver: '/api/driver/earnings' } as const;

const figures = {
  jobs: z.number(),
  fares_pence: z.number(),
  driver_collected_pence: z.number(),
  operator_collected_pence: z.number(),
  commission_pence: z.number(),
  adjustments_pence: z.number(),
  balance_pence: z.number(),
};

export const driverWeekSchema = z.object({
  driver_id: z.number(),
  driver_name: z.string(),
  week_start: z.string(),
  week_end: z.string(),
  ...figures,
  /** When the owner marked it settled (its figures then are the ones paid), or null. */
  settled_at: z.string().nullable(),
});
export type DriverWeek = z.infer<typeof driverWeekSchema>;

export const settlementJobSchema = z.object({
  booking_number: z.string(),
  completed_at: z.string(),
  payment: z.enum(['car', 'card', 'account']),
  fare_pence: z.number(),
  driver_collected_pence: z.number(),
  operator_collected_pence: z.number(),
  commission_pence: z.number(),
});
export type SettlementJob = z.infer<typeof settlementJobSchema>;

export const settlementAdjustmentSchema = z.object({ id: z.number(), amount_pence: z.number(), reason: z.string(), created_at: z.string() });
export type SettlementAdjustment = z.infer<typeof settlementAdjustmentSchema>;

export const weekDetailSchema = driverWeekSchema.extend({
  /** The commission rule in words ('15% of each job's fare'). */
  rule: z.string(),
  jobs: z.array(settlementJobSchema),
  adjustments: z.array(settlementAdjustmentSchema),
  /** Whether the week has ended (only an ended week may be settled). */
  ended: z.boolean(),
});
export type WeekDetail = z.infer<typeof weekDetailSchema>;

export const settlementListResponseSchema = z.object({
  success: z.literal(true),
  week: z.object({ start: z.string(), end: z.string(), ended: z.boolean() }),
  /** Recent weeks for the picker, newest first. */
  weeks: z.array(z.string()),
  drivers: z.array(driverWeekSchema),
});
export type SettlementList = z.infer<typeof settlementListResponseSchema>;
export const weekDetailResponseSchema = z.object({ success: z.literal(true), detail: weekDetailSchema });
export const settledResponseSchema = z.object({ success: z.literal(true), message: z.string(), detail: weekDetailSchema });
export const earningsResponseSchema = z.object({ success: z.literal(true), weeks: z.array(driverWeekSchema) });
export type Earnings = z.infer<typeof earningsResponseSchema>;

const week = z.string(SETTLEMENT_MESSAGES.weekInvalid).max(10, SETTLEMENT_MESSAGES.weekInvalid).refine(isCalendarDate, SETTLEMENT_MESSAGES.weekInvalid);
export const settlementQuerySchema = z.object({ week: week.optional() });
export const settlementWeekParamsSchema = z.object({
  driver_id: z.coerce.number({ error: 'driver_id must be a number' }).int('driver_id must be a number').positive('driver_id must be a number').max(2 ** 53 - 1, 'driver_id must be a number'),
  week,
});
export const earningsWeekParamsSchema = z.object({ week });
export const adjustmentCreateSchema = z.object({
  amount_pence: z
    .number({ error: SETTLEMENT_MESSAGES.amount })
    .int(SETTLEMENT_MESSAGES.amount)
    .min(-10_000_000, SETTLEMENT_MESSAGES.amount)
    .max(10_000_000, SETTLEMENT_MESSAGES.amount)
    .refine((amount) => amount !== 0, SETTLEMENT_MESSAGES.amount),
  reason: z
    .string({ error: SETTLEMENT_MESSAGES.reason })
    .trim()
    .min(1, SETTLEMENT_MESSAGES.reason)
    .max(200, SETTLEMENT_MESSAGES.reason)
    // eslint-disable-next-line no-control-regex
    .refine((reason) => !/[\u0000-\u001f\u007f]/.test(reason), SETTLEMENT_MESSAGES.reason),
});
export type AdjustmentCreate = z.infer<typeof adjustmentCreateSchema>;
