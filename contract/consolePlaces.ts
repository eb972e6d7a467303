import { z } from 'zod';

/**
 * The owner's places (issue 19): saved addresses and popular locations with their coordinates, and banned address
 * patterns; under /api/admin, owners only, every change audited and on the public site (saved-address suggestions,
 * /api/v1/ai-addresses, the home page's popular locations, quotes) from the next page load on, on every process.
 *   GET    /api/admin/places                          → { success, maps, addresses: SavedPlace[], banned: BannedPattern[] }
 *   POST   /api/admin/places/locate        { address } → { success, place: LocatedPlace }   (the maps port: Google or the gazetteer)
 *   POST   /api/admin/places/addresses     PlaceCreate → 201 { success, address }  (no lat/lon: placed by the maps port)
 *   PATCH  /api/admin/places/addresses/:id PlacePatch  → { success, address }
 *   DELETE /api/admin/places/addresses/:id             → { success }
 *   POST   /api/admin/places/banned        BanCreate   → 201 { success, banned }
 *   DELETE /api/admin/places/banned/:id                → { success }
 *   POST   /api/admin/places/check         BanCheck    → { success, check: BanCheckResult } (a sample search, the quote's own matcher)
 */

export const PLACES_PATHS = {
  places: '/api/admin/places',
  locate: '/api/admin/places/locate',
  addresses: '/api/admin/places/addresses',
  banned: '/api/admin/places/banned',
  check: '/api/admin/places/check',
} as const;

export const SAVED_PLACE_KINDS = ['airport', 'station', 'hotel', 'place'] as const;
export type SavedPlaceKind = (typeof SAVED_PLACE_KINDS)[number];

/** The operator's area: the maps (gazetteer, postcodes) and prices are Great Britain's; swapped latitude and longitude land outside it. */
export const UK_BOUNDS = { minLat: 49.8, maxLat: 60.9, minLon: -8.7, maxLon: 1.8 } as const;

export const PLACES_MESSAGES = {
  addressNotFound: 'No such saved address on this site',
  banNotFound: 'No such banned address on this site',
  addressTaken: 'This address is already saved',
  banTaken: 'This pattern is already banned',
  notLocated: 'The maps service found no place for this address. Check it, or enter the coordinates yourself.',
  coordinatesTogether: 'Give both latitude and longitude, or neither (the address is then placed by the maps service)',
  latitude: `Latitude must be a number from ${UK_BOUNDS.minLat} to ${UK_BOUNDS.maxLat} (Great Britain)`,
  longitude: `Longitude must be a number from ${UK_BOUNDS.minLon} to ${UK_BOUNDS.maxLon} (Great Britain)`,
  patternWords: 'The pattern needs at least one letter or digit',
  nothingToChange: 'Nothing to change',
} as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must not contain control characters`);

const latitude = z.number({ error: PLACES_MESSAGES.latitude }).min(UK_BOUNDS.minLat, PLACES_MESSAGES.latitude).max(UK_BOUNDS.maxLat, PLACES_MESSAGES.latitude);
const longitude = z.number({ error: PLACES_MESSAGES.longitude }).min(UK_BOUNDS.minLon, PLACES_MESSAGES.longitude).max(UK_BOUNDS.maxLon, PLACES_MESSAGES.longitude);
const kind = z.enum(SAVED_PLACE_KINDS, { error: `Kind must be one of ${SAVED_PLACE_KINDS.join(', ')}` });
const popular = z.boolean({ error: 'popular must be true or false' });
const address = text('Address', 3, 200);
const bothOrNeither = (value: { lat?: number; lon?: number }) => (value.lat === undefined) === (value.lon === undefined);

export const locateSchema = z.object({ address }).strict();

export const placeCreateSchema = z
  .object({ address, lat: latitude.optional(), lon: longitude.optional(), kind: kind.optional().default('place'), popular: popular.optional().default(false) })
  .strict()
  .refine(bothOrNeither, { message: PLACES_MESSAGES.coordinatesTogether });
export type PlaceCreate = z.input<typeof placeCreateSchema>;
export type PlaceCreateInput = z.output<typeof placeCreateSchema>;

export const placePatchSchema = z
  .object({ address: address.optional(), lat: latitude.optional(), lon: longitude.optional(), kind: kind.optional(), popular: popular.optional() })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: PLACES_MESSAGES.nothingToChange })
  .refine(bothOrNeither, { message: PLACES_MESSAGES.coordinatesTogether });
export type PlacePatch = z.input<typeof placePatchSchema>;

/** A pattern matches an address that holds its words in order, whole words, ignoring case, accents and punctuation. */
const pattern = text('Pattern', 3, 300).refine((value) => /[\p{L}\p{N}]/u.test(value), PLACES_MESSAGES.patternWords);
export const banCreateSchema = z.object({ pattern, reason: text('Reason', 0, 200).optional() }).strict();
export type BanCreate = z.input<typeof banCreateSchema>;

/** "Would this search be refused?": against the saved patterns, plus a pattern not yet saved when given. */
export const banCheckSchema = z.object({ sample: text('Sample search', 1, 300), pattern: pattern.optional() }).strict();
export type BanCheck = z.input<typeof banCheckSchema>;

/** Ids are the database's integers: a larger number is no id at all (a 404, never a database error). */
export const placeIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Unknown id' }).int().positive().max(2_147_483_647) });

export const savedPlaceSchema = z.object({ id: z.number(), address: z.string(), lat: z.number(), lon: z.number(), kind: z.enum(SAVED_PLACE_KINDS), popular: z.boolean() });
export type SavedPlace = z.infer<typeof savedPlaceSchema>;

export const bannedPatternSchema = z.object({ id: z.number(), pattern: z.string(), reason: z.string().nullable(), created_at: z.string() });
export type BannedPattern = z.infer<typeof bannedPatternSchema>;

/** Where the maps port put a typed address. */
export const locatedPlaceSchema = z.object({
  /** The maps service's name for the place. */
  label: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** True when the point is an estimate (a postcode district or town centre of the offline gazetteer). */
  estimated: z.boolean(),
  source: z.string(),
});
export type LocatedPlace = z.infer<typeof locatedPlaceSchema>;

export const banCheckResultSchema = z.object({
  refused: z.boolean(),
  /** The pattern that refuses it, null when none does. */
  matched: z.string().nullable(),
  /** True when it is refused only by the pattern not yet saved. */
  by_new_pattern: z.boolean(),
  /** What the maps service resolves the sample to (the quote checks this name too); null when it finds nothing. */
  resolved: z.string().nullable(),
});
export type BanCheckResult = z.infer<typeof banCheckResultSchema>;

// The answers of the places calls (GET lists; POST addresses and banned answer 201; deletes `{ success: true }`).
export const placesListResponseSchema = z.object({ success: z.literal(true), maps: z.enum(['offline', 'google']), addresses: z.array(savedPlaceSchema), banned: z.array(bannedPatternSchema) });
/** The places page's lists: GET's answer without its success flag. */
export type PlacesLists = Omit<z.infer<typeof placesListResponseSchema>, 'success'>;
export const locateResponseSchema = z.object({ success: z.literal(true), place: locatedPlaceSchema });
export const savedPlaceResponseSchema = z.object({ success: z.literal(true), address: savedPlaceSchema });
export const bannedPatternResponseSchema = z.object({ success: z.literal(true), banned: bannedPatternSchema });
export const banCheckResponseSchema = z.object({ success: z.literal(true), check: banCheckResultSchema });
