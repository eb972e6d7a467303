import { z } from 'zod';

/**
 * The owner's price calls (server/routes/consolePrices.ts, the console's Prices page): tariffs, dated surcharges, fare
 * zones, fixed fares and the live price preview. Money is integer pence, dates are London dates 'YYYY-MM-DD'.
 * The engine reads these rows as server/domain/pricing/types.ts describes: a price change is a new dated row.
 */

export const PRICES_PATHS = {
  list: '/api/admin/prices',
  tariffs: '/api/admin/prices/tariffs',
  surcharges: '/api/admin/prices/surcharges',
  zones: '/api/admin/prices/zones',
  fixedFares: '/api/admin/prices/fixed-fares',
  preview: '/api/admin/prices/preview',
} as const;

export const PRICES_MESSAGES = {
  tariffExists: 'A tariff for this company and vehicle from that date exists already: edit it, or choose another date',
  surchargeExists: 'A surcharge with this code from that date exists already: edit it, or choose another date',
  zoneExists: 'A zone with this name exists already',
  fixedFareExists: 'A fixed fare for these zones, company and vehicle from that date exists already',
  unknownReference: 'Unknown company, vehicle or zone on this site',
  notFound: 'Not found on this site',
} as const;

/** £100,000: far above any fare, below integer trouble. */
const MAX_PENCE = 10_000_000;

export const penceSchema = z.number({ error: 'an amount in whole pence' }).int('an amount in whole pence').min(0, 'not below 0').max(MAX_PENCE, 'at most £100,000');

const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

export const londonDateSchema = z
  .string({ error: 'a date YYYY-MM-DD' })
  .regex(/^(19|20)\d\d-\d\d-\d\d$/, 'a date YYYY-MM-DD')
  .refine(isRealDate, 'a date YYYY-MM-DD');

const idSchema = z.number({ error: 'an id' }).int('an id').positive('an id').max(2_147_483_647, 'an id');
const idsOrAll = z.array(idSchema).min(1).max(100).nullable();
const timeSchema = z.string({ error: 'a time HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM');
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(max, `at most ${max} characters`)
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'no control characters');

// ─── Tariffs ───────────────────────────────────────────────────────────────────────────────────────

export const mileBandSchema = z
  .object({
    up_to_miles: z.number({ error: 'miles or null' }).positive('over 0 miles').max(10_000).nullable(),
    per_mile_pence: penceSchema,
  })
  .strict();

/** Bands in increasing order; only the last has no upper end. */
export const mileBandsSchema = z
  .array(mileBandSchema)
  .min(1, 'at least one band')
  .max(10, 'at most 10 bands')
  .superRefine((bands, ctx) => {
    bands.forEach((band, index) => {
      const last = index === bands.length - 1;
      if (last && band.up_to_miles !== null) ctx.addIssue({ code: 'custom', path: [index, 'up_to_miles'], message: 'the last band has no upper end' });
      if (!last && band.up_to_miles === null) ctx.addIssue({ code: 'custom', path: [index, 'up_to_miles'], message: 'only the last band has no upper end' });
      const previous = index > 0 ? bands[index - 1].up_to_miles : 0;
      if (band.up_to_miles !== null && previous !== null && band.up_to_miles <= previous) {
        ctx.addIssue({ code: 'custom', path: [index, 'up_to_miles'], message: 'bands must increase' });
      }
    });
  });

export const tariffInputSchema = z
  .object({
    company_id: idSchema,
    vehicle_id: idSchema,
    valid_from: londonDateSchema,
    base_fare_pence: penceSchema,
    mile_bands: mileBandsSchema,
    minimum_fare_pence: penceSchema,
    per_extra_stop_pence: penceSchema,
    /** null: no hourly hire. */
    hourly_rate_pence: penceSchema.refine((pence) => pence > 0, 'over 0, or none').nullable(),
    hourly_included_miles_per_hour: z.number().int().min(0).max(200),
    hourly_extra_mile_pence: penceSchema.nullable(),
  })
  .strict();
export type TariffInput = z.infer<typeof tariffInputSchema>;

export const tariffKeySchema = z.object({
  company_id: z.coerce.number().pipe(idSchema),
  vehicle_id: z.coerce.number().pipe(idSchema),
  valid_from: londonDateSchema,
});

/** A tariff's figures; its key (company, vehicle, valid_from) is in the path. */
export const tariffUpdateSchema = tariffInputSchema.omit({ company_id: true, vehicle_id: true, valid_from: true });

// ─── Surcharges ────────────────────────────────────────────────────────────────────────────────────

export const SURCHARGE_KINDS = ['night', 'bank_holiday', 'airport_pickup', 'airport_dropoff', 'congestion_charge', 'ulez'] as const;
export type SurchargeKindName = (typeof SURCHARGE_KINDS)[number];

const surchargeCommon = {
  code: z.string({ error: 'a code' }).regex(/^[a-z0-9_]{1,40}$/, 'a code of a–z, 0–9 and _'),
  label: plainText(120),
  valid_from: londonDateSchema,
  valid_to: londonDateSchema.nullable(),
  company_ids: idsOrAll,
  vehicle_ids: idsOrAll,
};
const percentSchema = z.number({ error: 'a percentage' }).min(0, 'not below 0').max(300, 'at most 300%').multipleOf(0.01, 'at most two decimals');
const airportSchema = z.string().regex(/^[A-Z]{3}$/, 'an IATA airport code (LHR)');

export const surchargeInputSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...surchargeCommon, kind: z.literal('night'), percent: percentSchema, start_time: timeSchema, end_time: timeSchema }).strict(),
    z.object({ ...surchargeCommon, kind: z.literal('bank_holiday'), percent: percentSchema }).strict(),
    z.object({ ...surchargeCommon, kind: z.literal('airport_pickup'), airport: airportSchema, amount_pence: penceSchema }).strict(),
    z.object({ ...surchargeCommon, kind: z.literal('airport_dropoff'), airport: airportSchema, amount_pence: penceSchema }).strict(),
    z.object({ ...surchargeCommon, kind: z.literal('congestion_charge'), amount_pence: penceSchema }).strict(),
    z.object({ ...surchargeCommon, kind: z.literal('ulez'), amount_pence: penceSchema }).strict(),
  ])
  .refine((row) => row.valid_to === null || row.valid_to > row.valid_from, { path: ['valid_to'], message: 'after valid_from' });
export type SurchargeInput = z.infer<typeof surchargeInputSchema>;

// ─── Zones and fixed fares ─────────────────────────────────────────────────────────────────────────

const latSchema = z.number({ error: 'a latitude' }).min(49, 'in the UK (latitude 49–61)').max(61, 'in the UK (latitude 49–61)');
const lonSchema = z.number({ error: 'a longitude' }).min(-9, 'in the UK (longitude -9–2)').max(2, 'in the UK (longitude -9–2)');

type Corner = readonly [number, number];
const orientation = (a: Corner, b: Corner, c: Corner) => Math.sign((b[1] - a[1]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[1] - a[1]));
const segmentsCross = (p1: Corner, p2: Corner, q1: Corner, q2: Corner) =>
  orientation(p1, p2, q1) * orientation(p1, p2, q2) < 0 && orientation(q1, q2, p1) * orientation(q1, q2, p2) < 0;

/** A polygon is valid when it has three distinct corners or more, encloses an area and no two edges cross. */
export function polygonProblem(points: ReadonlyArray<Corner>): string | null {
  const distinct = new Set(points.map(([lat, lon]) => `${lat},${lon}`));
  if (distinct.size < 3) return 'at least three different corners';
  const n = points.length;
  for (let a = 0; a < n; a += 1) {
    for (let b = a + 1; b < n; b += 1) {
      if (b === a + 1 || (a === 0 && b === n - 1)) continue;
      if (segmentsCross(points[a], points[(a + 1) % n], points[b], points[(b + 1) % n])) return 'edges must not cross';
    }
  }
  let twiceArea = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) twiceArea += points[j][1] * points[i][0] - points[i][1] * points[j][0];
  if (Math.abs(twiceArea) < 1e-10) return 'the corners enclose no area';
  return null;
}

export const zoneAreaSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('radius'), lat: latSchema, lon: lonSchema, radius_miles: z.number({ error: 'miles' }).min(0.05, 'at least 0.05 miles').max(100, 'at most 100 miles') }).strict(),
  z
    .object({ kind: z.literal('polygon'), points: z.array(z.tuple([latSchema, lonSchema])).min(3, 'at least three corners').max(500, 'at most 500 corners') })
    .strict()
    .superRefine((area, ctx) => {
      const problem = polygonProblem(area.points);
      if (problem) ctx.addIssue({ code: 'custom', path: ['points'], message: problem });
    }),
  z
    .object({
      kind: z.literal('postcodes'),
      districts: z
        .array(
          z
            .string()
            .transform((code) => code.trim().toUpperCase())
            .pipe(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/, 'a postcode district such as TW6 or SW1A')),
        )
        .min(1, 'at least one district')
        .max(300, 'at most 300 districts')
        .transform((codes) => [...new Set(codes)]),
    })
    .strict(),
]);
export type ZoneAreaInput = z.infer<typeof zoneAreaSchema>;

export const zoneInputSchema = z
  .object({
    name: plainText(80),
    /** Higher wins where zones overlap; equal priorities: the smaller zone wins. */
    priority: z.number().int().min(-1000).max(1000),
    area: zoneAreaSchema,
  })
  .strict();
export type ZoneInput = z.infer<typeof zoneInputSchema>;

export const fixedFareInputSchema = z
  .object({
    from_zone_id: idSchema,
    to_zone_id: idSchema,
    /** null: every company. */
    company_id: idSchema.nullable(),
    vehicle_id: idSchema,
    both_ways: z.boolean({ error: 'true or false' }),
    amount_pence: penceSchema,
    valid_from: londonDateSchema,
    valid_to: londonDateSchema.nullable(),
  })
  .strict()
  .refine((row) => row.valid_to === null || row.valid_to > row.valid_from, { path: ['valid_to'], message: 'after valid_from' });
export type FixedFareInput = z.infer<typeof fixedFareInputSchema>;

export const priceIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Unknown id' }).pipe(idSchema) });

// ─── Preview ───────────────────────────────────────────────────────────────────────────────────────

/** Trips the preview offers; the owner may also type any pickup and drop-off. */
export const SAMPLE_TRIPS = [
  { id: 'lhr-windsor', label: 'Heathrow T5 → Windsor', pickup: 'Heathrow Terminal 5', dropoff: 'Windsor' },
  { id: 'lgw-savoy', label: 'Gatwick → The Savoy (Congestion Charge)', pickup: 'Gatwick Airport', dropoff: 'The Savoy, Strand' },
  { id: 'paddington-oxford', label: 'Paddington → Oxford', pickup: 'Paddington Station', dropoff: 'Oxford' },
] as const;

export const previewInputSchema = z
  .object({
    pickup: plainText(200),
    dropoff: plainText(200),
    date: londonDateSchema,
    time: timeSchema,
    /** The values being edited, not saved: each replaces its saved row (same key or id) or is added to them. */
    draft: z
      .object({
        tariff: tariffInputSchema.optional(),
        surcharge: z.object({ id: idSchema.nullable(), row: surchargeInputSchema }).strict().optional(),
        zone: z.object({ id: idSchema.nullable(), row: zoneInputSchema }).strict().optional(),
        fixed_fare: z.object({ id: idSchema.nullable(), row: fixedFareInputSchema }).strict().optional(),
      })
      .strict()
      .default({}),
  })
  .strict();
export type PreviewInput = z.input<typeof previewInputSchema>;

export const previewLineSchema = z.object({ code: z.string(), label: z.string(), leg: z.string(), amount_pence: z.number() });
export type PreviewLine = z.infer<typeof previewLineSchema>;

export const previewRowSchema = z.object({
  company_id: z.number(),
  company_name: z.string(),
  vehicle_id: z.number(),
  vehicle_type: z.string(),
  /** 0: not priced online (Contact Us). */
  final_price_pence: z.number(),
  lines: z.array(previewLineSchema),
  notes: z.array(z.string()),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

/** POST /api/admin/prices/preview: the priced rows, or (still 200) why the draft or trip cannot be priced yet. */
export const previewAnswerSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), pickup: z.string(), dropoff: z.string(), miles: z.number(), estimated: z.boolean(), rows: z.array(previewRowSchema) }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;
/** A preview the server could price: its trip and rows. */
export type PreviewRows = Extract<PreviewAnswer, { success: true }>;

export type PriceEntity = 'tariff' | 'surcharge' | 'zone' | 'fixed_fare';
/** A price row as the console's client sends it: its entity, its saved key (null: a new row; a tariff's is '1/2/2026-01-01') and its values. */
export interface PriceRowEdit {
  entity: PriceEntity;
  key: string | null;
  values: Record<string, unknown>;
}
/** One price row to save or remove. */
export interface PriceRowChange {
  action: 'save' | 'remove';
  edit: PriceRowEdit;
}

// ─── Lists ─────────────────────────────────────────────────────────────────────────────────────────
// The saved rows: the input's fields (a surcharge, zone and fixed fare with its id), unnamed fields stripped. A
// stored zone's postcode districts are already normalised, so its area is read as plain strings.

const withId = { id: z.number() };
export const tariffRowSchema = z.object(tariffInputSchema.shape);
export type TariffRow = z.infer<typeof tariffRowSchema>;

const surchargeVariants = surchargeInputSchema.options;
export const surchargeRowSchema = z.discriminatedUnion('kind', [
  z.object({ ...surchargeVariants[0].shape, ...withId }),
  z.object({ ...surchargeVariants[1].shape, ...withId }),
  z.object({ ...surchargeVariants[2].shape, ...withId }),
  z.object({ ...surchargeVariants[3].shape, ...withId }),
  z.object({ ...surchargeVariants[4].shape, ...withId }),
  z.object({ ...surchargeVariants[5].shape, ...withId }),
]);
export type SurchargeRow = z.infer<typeof surchargeRowSchema>;

const [radiusArea, polygonArea] = zoneAreaSchema.options;
export const zoneRowSchema = z.object({
  ...zoneInputSchema.shape,
  ...withId,
  area: z.discriminatedUnion('kind', [z.object(radiusArea.shape), z.object(polygonArea.shape), z.object({ kind: z.literal('postcodes'), districts: z.array(z.string()) })]),
});
export type ZoneRow = z.infer<typeof zoneRowSchema>;

export const fixedFareRowSchema = z.object({ ...fixedFareInputSchema.shape, ...withId });
export type FixedFareRow = z.infer<typeof fixedFareRowSchema>;

const namedId = z.object({ id: z.number(), name: z.string() });
export const pricesListSchema = z.object({
  success: z.literal(true),
  companies: z.array(namedId),
  vehicles: z.array(namedId),
  tariffs: z.array(tariffRowSchema),
  surcharges: z.array(surchargeRowSchema),
  zones: z.array(zoneRowSchema),
  fixed_fares: z.array(fixedFareRowSchema),
  sample_trips: z.array(z.object({ id: z.string(), label: z.string(), pickup: z.string(), dropoff: z.string() })).readonly(),
  /** Today's London date, for the forms' defaults. */
  today: z.string(),
});
export type PricesList = z.infer<typeof pricesListSchema>;

// The answers of a change: POST (201) and PUT the saved row under its entity's name; DELETE `{ success: true }`.
export const tariffResponseSchema = z.object({ success: z.literal(true), tariff: tariffRowSchema });
export const surchargeResponseSchema = z.object({ success: z.literal(true), surcharge: surchargeRowSchema });
export const zoneResponseSchema = z.object({ success: z.literal(true), zone: zoneRowSchema });
export const fixedFareResponseSchema = z.object({ success: z.literal(true), fixed_fare: fixedFareRowSchema });
