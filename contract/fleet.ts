import { z } from 'zod';
import { isCalendarDate } from './londonClock.ts';

/**
 * The site's registers of licensed drivers and vehicles (issue 17), under /api/admin; owners and dispatchers read and
 * edit them (dispatchers run the day: a new driver or a renewed licence is their work), every change audited.
 * Nothing is deleted (bookings keep their snapshots and the statutory record names them): `active: false` instead.
 *   GET   /api/admin/drivers              → { success, drivers: Driver[] }    (all, active first, by name)
 *   POST  /api/admin/drivers   DriverCreate → 201 { success, driver }
 *   PATCH /api/admin/drivers/:id DriverPatch → { success, driver }
 *   GET/POST/PATCH /api/admin/vehicles[/:id] the same with vehicle(s)
 * A duplicate licence (driver, per authority) or registration (vehicle) is a 409.
 */

export const FLEET_PATHS = { drivers: '/api/admin/drivers', vehicles: '/api/admin/vehicles' } as const;

export const FLEET_MESSAGES = {
  driverNotFound: 'No such driver on this site',
  vehicleNotFound: 'No such vehicle on this site',
  driverLicenceTaken: 'A driver with this licence number and authority already exists',
  registrationTaken: 'A vehicle with this registration already exists',
  categoryUnknown: 'No such vehicle category on this site',
  nothingToChange: 'Nothing to change',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must not contain control characters`);
const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} must be a real date`);
const phone = z
  .string()
  .trim()
  .max(40, 'Phone must be at most 40 characters')
  .regex(/^[0-9+() -]*$/, 'Phone may hold digits, spaces, +, ( and ) only');
const active = z.boolean({ error: 'active must be true or false' });

/** Registrations are compared as written on the plate without spaces: 'ab12 cde' → 'AB12CDE'. */
export const normaliseRegistration = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const driverFields = {
  name: text('Name', 120),
  phone: phone.optional().default(''),
  licence_number: text('PHV driver licence number', 40),
  licensing_authority: text('Licensing authority', 120),
  licence_expiry: isoDate('Licence expiry'),
  active: active.optional().default(true),
};
export const driverCreateSchema = z.object(driverFields).strict();
export type DriverCreate = z.input<typeof driverCreateSchema>;

const vehicleFields = {
  registration: text('Registration', 12)
    .transform(normaliseRegistration)
    .refine((value) => /^[A-Z0-9]{2,8}$/.test(value), 'Registration must be 2 to 8 letters and digits'),
  make: text('Make', 60),
  model: text('Model', 60),
  colour: text('Colour', 40),
  // vehicle_categories.id is an integer column: a larger number is no category at all (a 400, never a database error).
  category_id: z.number({ error: 'category_id is required' }).int().positive('category_id is required').max(2_147_483_647, FLEET_MESSAGES.categoryUnknown),
  licence_number: text('PHV vehicle licence number', 40),
  licence_expiry: isoDate('Licence expiry'),
  active: active.optional().default(true),
};
export const vehicleCreateSchema = z.object(vehicleFields).strict();
export type VehicleCreate = z.input<typeof vehicleCreateSchema>;

const nonEmpty = (patch: object) => Object.values(patch).some((value) => value !== undefined);

/** PATCH: any subset of the fields, at least one. */
export const driverPatchSchema = z
  .object({
    name: driverFields.name.optional(),
    phone: phone.optional(),
    licence_number: driverFields.licence_number.optional(),
    licensing_authority: driverFields.licensing_authority.optional(),
    licence_expiry: driverFields.licence_expiry.optional(),
    active: active.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: FLEET_MESSAGES.nothingToChange });
export type DriverPatch = z.input<typeof driverPatchSchema>;

export const vehiclePatchSchema = z
  .object({
    registration: vehicleFields.registration.optional(),
    make: vehicleFields.make.optional(),
    model: vehicleFields.model.optional(),
    colour: vehicleFields.colour.optional(),
    category_id: vehicleFields.category_id.optional(),
    licence_number: vehicleFields.licence_number.optional(),
    licence_expiry: vehicleFields.licence_expiry.optional(),
    active: active.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: FLEET_MESSAGES.nothingToChange });
export type VehiclePatch = z.input<typeof vehiclePatchSchema>;

export const fleetIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Unknown id' }).int().positive().max(2 ** 53) });

export const driverSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  licence_number: z.string(),
  licensing_authority: z.string(),
  licence_expiry: z.string(),
  active: z.boolean(),
  /** The licence's last day is before today (London): never offered for assignment. */
  licence_expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

export const vehicleSchema = z.object({
  id: z.number(),
  registration: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  licence_number: z.string(),
  licence_expiry: z.string(),
  active: z.boolean(),
  licence_expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

// The answers of the registers' calls (GET lists; POST creates, 201; PATCH edits).
export const driverListResponseSchema = z.object({ success: z.literal(true), drivers: z.array(driverSchema) });
export const driverResponseSchema = z.object({ success: z.literal(true), driver: driverSchema });
export const vehicleListResponseSchema = z.object({ success: z.literal(true), vehicles: z.array(vehicleSchema) });
export const vehicleResponseSchema = z.object({ success: z.literal(true), vehicle: vehicleSchema });
