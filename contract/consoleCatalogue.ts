import { z } from 'zod';

/**
 * The owner's companies and vehicle categories (issue 19), under /api/admin, owners only, every change audited and
 * on the public site (fetch_companies, fetch_vehicles, quotes, /ourfleet) from the next page load on.
 * Nothing is deleted (quotes, bookings, tariffs and the vehicles register refer to them): `active: false` instead.
 *   GET   /api/admin/catalogue                          → { success, companies: CatalogueCompany[], categories: CatalogueCategory[] }
 *   POST  /api/admin/catalogue/companies   CompanyCreate  → 201 { success, company }
 *   PATCH /api/admin/catalogue/companies/:id CompanyPatch → { success, company }
 *   POST  /api/admin/catalogue/categories  CategoryCreate → 201 { success, category }
 *   PATCH /api/admin/catalogue/categories/:id CategoryPatch → { success, category }
 *   POST  /api/admin/catalogue/images      the image file itself as the body → 201 { success, image: UploadedImage }
 * A category's `vehicle_img` is one of the built-in pictures or an image uploaded to this site; it is shown at
 * {host}/storage/{vehicle_img} (spec §3).
 */

export const CATALOGUE_PATHS = {
  catalogue: '/api/admin/catalogue',
  companies: '/api/admin/catalogue/companies',
  categories: '/api/admin/catalogue/categories',
  images: '/api/admin/catalogue/images',
} as const;

/** Uploads: the largest file taken, what the cards get (2× the fleet card's 320 × 160, WebP). */
export const IMAGE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  maxLabel: '5 MB',
  /** Decoded size: a small file that unpacks into a huge bitmap (a decompression bomb) is refused. */
  maxPixels: 40_000_000,
  width: 640,
  height: 320,
  accept: 'image/png,image/jpeg,image/webp',
} as const;

/** The pictures shipped with the site (public/storage/vehicles), usable by any category. */
export const BUILT_IN_IMAGES = ['vehicles/saloon.svg', 'vehicles/estate.svg', 'vehicles/executive.svg', 'vehicles/mpv.svg', 'vehicles/minibus.svg', 'vehicles/wheelchair.svg'] as const;

/** An uploaded image's key for one site: `uploads/<site id>/<32 hex of its SHA-256>.webp`. */
export const UPLOADED_IMAGE = /^uploads\/([1-9][0-9]{0,9})\/[0-9a-f]{32}\.webp$/;

export const CATALOGUE_MESSAGES = {
  companyNotFound: 'No such company on this site',
  categoryNotFound: 'No such vehicle category on this site',
  companyNameTaken: 'A company with this name already exists on this site',
  categoryNameTaken: 'A vehicle category with this name already exists on this site',
  lastCompany: 'At least one company must stay active, or the site can price no trip',
  lastCategory: 'At least one vehicle category must stay active, or the site can price no trip',
  imageUnknown: 'Choose one of the built-in pictures or an image uploaded here',
  imageMissing: 'Send the image file itself as the request body',
  imageTooLarge: `The image is larger than ${IMAGE_RULES.maxLabel}. Save it smaller (a photo of 2000 pixels across is plenty) and try again.`,
  imageSvg: 'SVG drawings are not accepted (they can carry scripts). Export the picture as PNG, JPEG or WebP and upload that.',
  imageType: 'This file is not a PNG, JPEG or WebP image.',
  imageUnreadable: 'This image could not be read: the file is damaged or not what its name says.',
  imageTooManyPixels: 'This image has too many pixels (over 40 megapixels). Save it smaller and try again.',
  nothingToChange: 'Nothing to change',
} as const;

const name = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must not contain control characters`);
const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);
const active = z.boolean({ error: 'active must be true or false' });
/** Stars from 0 to 5 in tenths, as the site shows them (numeric(2,1)). */
const rating = z
  .number({ error: 'Rating must be a number from 0 to 5' })
  .min(0, 'Rating must be a number from 0 to 5')
  .max(5, 'Rating must be a number from 0 to 5')
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'Rating has one decimal place at most (4.5)');
const vehicleImg = z
  .string({ error: CATALOGUE_MESSAGES.imageUnknown })
  .refine((value) => (BUILT_IN_IMAGES as readonly string[]).includes(value) || UPLOADED_IMAGE.test(value), CATALOGUE_MESSAGES.imageUnknown);

const companyFields = { company_name: name('Company name', 80), rating, active: active.optional().default(true) };
export const companyCreateSchema = z.object(companyFields).strict();
export type CompanyCreate = z.input<typeof companyCreateSchema>;

const nonEmpty = (patch: object) => Object.values(patch).some((value) => value !== undefined);

export const companyPatchSchema = z
  .object({ company_name: companyFields.company_name.optional(), rating: rating.optional(), active: active.optional() })
  .strict()
  .refine(nonEmpty, { message: CATALOGUE_MESSAGES.nothingToChange });
export type CompanyPatch = z.input<typeof companyPatchSchema>;

const categoryFields = {
  category_name: name('Category name', 60),
  seats: count('Seats', 1, 20),
  luggage: count('Luggage', 0, 30),
  hand_luggage: count('Hand luggage', 0, 30),
  wheelchair: z.boolean({ error: 'wheelchair must be true or false' }),
  vehicle_img: vehicleImg,
  active: active.optional().default(true),
};
export const categoryCreateSchema = z.object(categoryFields).strict();
export type CategoryCreate = z.input<typeof categoryCreateSchema>;

export const categoryPatchSchema = z
  .object({
    category_name: categoryFields.category_name.optional(),
    seats: categoryFields.seats.optional(),
    luggage: categoryFields.luggage.optional(),
    hand_luggage: categoryFields.hand_luggage.optional(),
    wheelchair: categoryFields.wheelchair.optional(),
    vehicle_img: vehicleImg.optional(),
    active: active.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: CATALOGUE_MESSAGES.nothingToChange });
export type CategoryPatch = z.input<typeof categoryPatchSchema>;

/** Ids are the database's integers: a larger number is no id at all (a 404, never a database error). */
export const catalogueIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Unknown id' }).int().positive().max(2_147_483_647) });

export const catalogueCompanySchema = z.object({ id: z.number(), company_name: z.string(), rating: z.number(), active: z.boolean() });
export type CatalogueCompany = z.infer<typeof catalogueCompanySchema>;

export const catalogueCategorySchema = z.object({
  id: z.number(),
  category_name: z.string(),
  seats: z.number(),
  luggage: z.number(),
  hand_luggage: z.number(),
  wheelchair: z.boolean(),
  vehicle_img: z.string(),
  active: z.boolean(),
});
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;

export const uploadedImageSchema = z.object({
  /** What a category's vehicle_img is set to. */
  vehicle_img: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

// The answers of the catalogue calls (POSTs answer 201).
export const catalogueListResponseSchema = z.object({ success: z.literal(true), companies: z.array(catalogueCompanySchema), categories: z.array(catalogueCategorySchema) });
export const catalogueCompanyResponseSchema = z.object({ success: z.literal(true), company: catalogueCompanySchema });
export const catalogueCategoryResponseSchema = z.object({ success: z.literal(true), category: catalogueCategorySchema });
export const uploadedImageResponseSchema = z.object({ success: z.literal(true), image: uploadedImageSchema });
/** POST /api/admin/catalogue/uploads/sweep: the uploads deleted (no category uses them) and how many were kept. */
export const uploadSweepResponseSchema = z.object({ success: z.literal(true), deleted: z.array(z.string()), kept: z.number() });
