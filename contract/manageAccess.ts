import { z } from 'zod';
import { MANAGE_MESSAGES, MANAGE_TOKEN_PATTERN, type ManageAccess } from './manageBooking.ts';

/**
 * The request body of every manage call, kept apart from manageBooking.ts so the manage page loads no zod. Both fields
 * are optional here: the server decides which way in was used (a malformed token is a 400, an unknown one a 401
 * `link_invalid`).
 */
export const manageAccessSchema = z.object({
  token: z.string().regex(MANAGE_TOKEN_PATTERN, MANAGE_MESSAGES.linkInvalid).optional(),
  booking_number: z.string().trim().min(1).max(40).optional(),
}) satisfies z.ZodType<ManageAccess>;
