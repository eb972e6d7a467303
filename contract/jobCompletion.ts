import { z } from 'zod';
import { PAID_IN_CAR } from './jobCompletionRules.ts';

export * from './jobCompletionRules.ts';

export const extrasSchema = z
  .object({
    waiting_min: z.number({ error: 'waiting_min must be whole minutes' }).int('waiting_min must be whole minutes').min(0).max(1440).optional(),
    parking_pence: z.number({ error: 'parking_pence must be pence' }).int('parking_pence must be pence').min(0).max(1_000_000).optional(),
    tolls_pence: z.number({ error: 'tolls_pence must be pence' }).int('tolls_pence must be pence').min(0).max(1_000_000).optional(),
  })
  .strict();

/** What the job's driver (and the console) see of a completion. */
export const completionViewSchema = z.object({
  extras: z.array(z.object({ code: z.string(), label: z.string(), amount_pence: z.number() })),
  extras_pence: z.number(),
  fare_pence: z.number(),
  final_pence: z.number(),
  paid_in_car: z.enum(PAID_IN_CAR).nullable(),
  /** The card booking's extras: none to charge, being charged, charged, waiting for the passenger (3-D Secure), refused. */
  extras_charge: z.enum(['none', 'claimed', 'charging', 'succeeded', 'requires_action', 'failed']),
});
export type CompletionView = z.infer<typeof completionViewSchema>;

/** What the job's completion form offers (null: the extra is not offered). */
export const extrasAllowedSchema = z.object({
  waiting: z.object({ max_minutes: z.number(), per_five_pence: z.number() }).nullable(),
  parking_max_pence: z.number().nullable(),
  tolls_max_pence: z.number().nullable(),
});

