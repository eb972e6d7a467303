import { z } from 'zod';
import { accountEmailSchema, PASSWORD_MAX, PASSWORD_MESSAGES } from './accounts.ts';

/**
 * The operator console's API (issue 17): staff sessions, staff management and the audit log, under /api/admin.
 * A console signs in with POST /api/admin/session (a cookie comes back), reads GET /api/admin/session for who is signed
 * in and the CSRF token, and sends that token in CSRF_HEADER on every POST, PUT, PATCH and DELETE.
 */

export const STAFF_ROLES = ['owner', 'dispatcher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export { CSRF_HEADER } from './httpHeaders.ts';

/** Where a set-password link points: the token travels in the fragment (never sent to a server, never in a Referer). */
export const STAFF_SET_PASSWORD_ROUTE = '/admin/set-password';

/** Set-password links work this long, once. */
export const STAFF_PASSWORD_LINK_HOURS = 24;

/**
 * A sign-in code (issue 30): mailed when the password is right from an address the member has not signed in from
 * while the account-wide limit of wrong passwords holds. Six digits, once, this many minutes, with the password.
 */
export const STAFF_SIGN_IN_CODE_MINUTES = 15;

export const STAFF_MESSAGES = {
  invalidCredentials: 'Invalid credentials. Please try again.',
  notSignedIn: 'Not signed in',
  adminTokenWrong: 'Admin token missing or wrong',
  csrfMissing: 'Missing or wrong CSRF token',
  crossSite: 'Cross-site request refused',
  otherSite: 'This session belongs to another site',
  ownerOnly: 'Only an owner can do this',
  adminTokenOnly: 'Only the admin token can do this',
  emailTaken: 'A staff member with this email already exists',
  notFound: 'No such staff member on this site',
  lastOwner: 'The last active owner who can sign in cannot be demoted or deactivated (an invited owner counts once their password is set)',
  linkInvalid: 'This link is not valid. Ask an owner for a new one.',
  linkExpired: 'This link has expired. Ask an owner for a new one.',
  linkUsed: 'This link has already been used. Ask an owner for a new one.',
  passwordSet: 'Your password is set. You can sign in now.',
  codeSent:
    'Many wrong passwords were tried for this account, so signing in from here needs a code as well. If the e-mail and password are right, a sign-in code is on its way to your e-mail: enter it below.',
  codeShape: 'Enter the 6 digits of the mailed sign-in code',
  codeWrong: 'That sign-in code is not right or has expired (or the password is not right). Check the latest mail, or start again for a new code.',
  signedOut: 'Signed out',
} as const;

const email = accountEmailSchema;

const role = z.enum(STAFF_ROLES, { error: "role must be 'owner' or 'dispatcher'" });
const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters');

/**
 * POST /api/admin/session. `code`: the mailed sign-in code, when the answer asked for one (401 sign_in_code_sent); it is
 * read only while the account needs it, and only with the right password.
 */
export const staffSignInSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
  code: z.string({ error: STAFF_MESSAGES.codeShape }).trim().regex(/^\d{6}$/, STAFF_MESSAGES.codeShape).optional(),
});
export type StaffSignIn = z.input<typeof staffSignInSchema>;

/** POST /api/admin/staff (an owner): the new member gets a set-password link by mail. */
export const staffCreateSchema = z.object({ email, name, role });
export type StaffCreate = z.input<typeof staffCreateSchema>;

/** PATCH /api/admin/staff/:id (an owner) */
export const staffPatchSchema = z
  .object({ role: role.optional(), active: z.boolean({ error: 'active must be true or false' }).optional(), name: name.optional() })
  .strict()
  .refine((patch) => patch.role !== undefined || patch.active !== undefined || patch.name !== undefined, { message: 'Nothing to change' });
export type StaffPatch = z.input<typeof staffPatchSchema>;

/** POST /api/admin/staff/set-password: the token of the mailed link and the new password (the policy is the server's). */
export const staffSetPasswordSchema = z.object({
  token: z.string({ error: 'Token is required' }).regex(/^[A-Za-z0-9_-]{43}$/, STAFF_MESSAGES.linkInvalid),
  password: z.string({ error: 'Password is required' }).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
});
export type StaffSetPassword = z.input<typeof staffSetPasswordSchema>;

/** GET /api/admin/audit?entity=booking&id=B123&before=ID */
export const auditQuerySchema = z.object({
  entity: z.string().trim().min(1).max(40).optional(),
  id: z.string().trim().min(1).max(80).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(100),
});

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: role,
  active: z.boolean(),
  /** false until the member has used a set-password link. */
  password_set: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /api/admin/session (and POST's answer) */
export const staffSessionSchema = z.object({
  success: z.literal(true),
  staff: z.object({ id: z.number(), name: z.string(), email: z.string(), role }),
  site: z.object({ id: z.number(), name: z.string() }),
  csrf_token: z.string(),
  /** The absolute end of the session; it also ends after the idle period without a request. */
  expires_at: z.string(),
  idle_minutes: z.number(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ kind: z.enum(['staff', 'admin-token', 'driver']), staff_id: z.number().nullable(), driver_id: z.number().optional(), name: z.string().nullable() }),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// The answers of the staff calls (server/routes/staffManage.ts, staffSession.ts, admin.ts's audit).
export const staffListResponseSchema = z.object({ success: z.literal(true), staff: z.array(staffMemberSchema) });
export const staffMemberResponseSchema = z.object({ success: z.literal(true), staff: staffMemberSchema });
/** Set password and sign out: `{ success, message }`; sign out everywhere adds how many sessions it ended. */
export const staffMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const signOutEverywhereResponseSchema = staffMessageResponseSchema.extend({ ended: z.number() });
export const auditListResponseSchema = z.object({ success: z.literal(true), entries: z.array(auditEntrySchema) });
