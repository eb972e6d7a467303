import { z } from 'zod';

/** GET /api/v1/setting: a bare list of {setting_name, setting_value}. */
export const settingRowSchema = z.object({ setting_name: z.string(), setting_value: z.string().nullable() });
export const settingListSchema = z.array(settingRowSchema);

/** GET /api/v1/fetch_vehicles: fleet items; the image lives at {host}/storage/{vehicle_img}. */
export const fleetItemSchema = z.object({
  tbms_vid: z.number().int(),
  vehicle_img: z.string(),
  category_name: z.string(),
  seats: z.number().int(),
  hand_luggage: z.number().int(),
  luggage: z.number().int(),
});
export type FleetItem = z.infer<typeof fleetItemSchema>;
export const fleetListSchema = z.array(fleetItemSchema);

/** GET /api/v1/fetch_companies: {id, company:{company_name}}. */
export const companySchema = z.object({ id: z.number().int(), company: z.object({ company_name: z.string() }) });
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = z.array(companySchema);

/** GET /api/v1/ai-addresses: saved addresses {id, address}; popular locations have the same shape. */
export const addressSchema = z.object({ id: z.number().int(), address: z.string() });
export type Address = z.infer<typeof addressSchema>;
export const addressListSchema = z.array(addressSchema);

/** Error body of every refused call (ARCHITECTURE §6). */
export const errorBodySchema = z.object({ success: z.literal(false), message: z.string(), error: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The console API's settings body: PUT /api/admin/settings takes a map of name → value (null deletes). */
export const consoleSettingsPutSchema = z.record(z.string().min(1).max(64), z.string().max(2000).nullable());

/** POST /api/admin/sites: a new operator site; its key pair is generated. */
export const consoleSiteCreateSchema = z.object({
  name: z.string().trim().min(1).max(120),
  hosts: z.array(z.string().trim().toLowerCase().min(1).max(253)).max(20).default([]),
});

export { API_KEY_HEADERS } from './httpHeaders.ts';
