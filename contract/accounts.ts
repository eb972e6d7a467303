import { z } from 'zod';
import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, RESET_CODE_LENGTH } from './accountMessages.ts';

export { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, RESET_CODE_LENGTH };

/** The server's texts for a password being set or asked for again (the common-password list stays on the server). */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  tooCommon: 'This password is one of the most common and easily guessed. Please choose another.',
  currentRequired: 'Enter your current password to change your email',
  currentWrong: 'Your current password is not correct',
} as const;

/** An e-mail as every account form sends it (passengers and staff). */
export const accountEmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));
const email = accountEmailSchema;

/** A password as typed at sign-in: any non-empty text up to the maximum (the policy is checked when it is set). */
const passwordTyped = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);

/** A password being chosen: 8 to 128 characters here; the server also refuses the most common ones. */
export const newPasswordSchema = z.string({ error: 'New password is required' }).min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);

const resetCode = z
  .union([z.string(), z.number().int().nonnegative().transform((value) => String(value).padStart(RESET_CODE_LENGTH, '0'))], { error: 'Reset code is required' })
  .pipe(z.string().trim().regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeInvalid));

/** The spec's browser sends type 'website'; it is the only kind of account this provider has. */
const accountType = z.literal('website', { error: "type must be 'website'" }).optional().default('website');

/** POST /api/v1/check-passenger-login */
export const passengerLoginRequestSchema = z.object({ email, password: passwordTyped });
/** POST /api/v1/check-passenger-email: does a customer with this e-mail and password exist? (existing-client mode) */
export const checkPassengerEmailRequestSchema = z.object({ email, password: passwordTyped });

/** PATCH /api/v1/update-passenger: the profile form (name and e-mail required, spec §5). */
export const updatePassengerRequestSchema = z.object({
  passenger_id: z.union([z.number().int().positive(), z.string().trim().regex(/^\d+$/, 'passenger_id must be a number')], { error: 'passenger_id is required' }).transform(Number),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email,
  phone: z
    .union([z.string(), z.number().int().nonnegative().transform(String)], { error: 'Phone must be text' })
    .pipe(z.string().trim().max(30, 'Phone must be at most 30 characters'))
    // Left out: the phone stays as it is.
    .optional(),
  /** Needed only when the e-mail changes (ours, beyond the spec's fields). */
  current_password: z.string({ error: 'current_password must be text' }).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong).optional(),
});

/** POST /api/v1/auth/forgot-password */
export const forgotPasswordRequestSchema = z.object({ email, type: accountType });
/** POST /api/v1/auth/verify-code */
export const verifyCodeRequestSchema = z.object({ email, code: resetCode });
/** POST /api/v1/auth/reset-password */
export const resetPasswordRequestSchema = z.object({ email, code: resetCode, new_password: newPasswordSchema, type: accountType });

export type PassengerLoginRequest = z.input<typeof passengerLoginRequestSchema>;
export type CheckPassengerEmailRequest = z.input<typeof checkPassengerEmailRequestSchema>;
export type UpdatePassengerRequest = z.input<typeof updatePassengerRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** Corporate passenger (spec §3). */
export const corporatePassengerSchema = z.object({
  passenger_id: z.number().int(),
  passenger_name: z.string(),
  passenger_email: z.string(),
  passenger_contact_no: z.string(),
});
export type CorporatePassenger = z.infer<typeof corporatePassengerSchema>;

/** 200 of check-passenger-login. `access_token` is the bearer token for the passenger calls. */
export const passengerLoginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  passenger: corporatePassengerSchema,
});
export type PassengerLoginResponse = z.infer<typeof passengerLoginResponseSchema>;

/** 200 of passenger/validate-token (also for a missing, unknown, expired or revoked token: `valid: false`). */
export const validateTokenResponseSchema = z.object({
  valid: z.boolean(),
  passenger: corporatePassengerSchema.optional(),
  expires_at: z.string().optional(),
});
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;

/** 200 of update-passenger. */
export const updatePassengerResponseSchema = z.object({ success: z.literal(true), passenger: corporatePassengerSchema, message: z.string() });
export type UpdatePassengerResponse = z.infer<typeof updatePassengerResponseSchema>;

/** 200 of check-passenger-email, forgot-password, verify-code, reset-password and logout. */
export const accountOkResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type AccountOkResponse = z.infer<typeof accountOkResponseSchema>;
