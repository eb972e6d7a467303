import { z } from 'zod';

/** One operator site as GET /api/admin/sites lists it (an owner sees their own; the admin token every site). */
export const adminSiteSchema = z.object({ id: z.number(), name: z.string(), public_key: z.string(), hosts: z.array(z.string()), is_default: z.boolean() });
export const adminSiteListSchema = z.array(adminSiteSchema);

/** POST /api/admin/sites (the admin token only), 201: the new site with its key pair; the secret key is shown this once. */
export const adminSiteCreatedSchema = z.object({
  success: z.literal(true),
  site: z.object({ id: z.number(), name: z.string(), hosts: z.array(z.string()), public_key: z.string(), secret_key: z.string() }),
});
