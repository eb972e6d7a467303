import { z } from 'zod';
import { settingListSchema } from './catalog.ts';

/**
 * The answers of the owner's settings calls: GET /api/admin/settings is the site's setting rows (as GET /api/v1/setting
 * without a preview); PUT answers them as saved; POST /api/admin/settings/preview (201) the preview's token and address.
 */
export const settingsSavedResponseSchema = z.object({ success: z.literal(true), settings: settingListSchema });
export const settingsPreviewResponseSchema = z.object({ success: z.literal(true), token: z.string(), expires_at: z.string(), url: z.string() });
