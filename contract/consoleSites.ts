import { z } from 'zod';

/** One operator site as GET /api/admin/sites lists it (an owner sees their own; the admin token every site). */
export const consoleSiteSchema = z.object({ id: z.number(), name: z.string(), public_key: z.string(), hosts: z.array(z.string()), is_default: z.boolean() });
export const consoleSiteListSchema = z.array(consoleSiteSchema);

/** POST /api/admin/sites (the admin token only), 201: the new site with its key pair; the secret key is shown this once. */
export const consoleSiteCreatedSchema = z.object({
  success: z.literal(true),
  site: z.object({ id: z.number(), name: z.string(), hosts: z.array(z.string()), public_key: z.string(), secret_key: z.string() }),
});
