import { z } from 'zod';
import { accountEmailSchema, newPasswordSchema } from './accounts.ts';
import { corporateBookingItemSchema } from './apiResponses.ts';
import { MANAGE_STATUSES } from './manageBooking.ts';
import { poundsText } from './money.ts';

/**
 * Company accounts (issue 34): companies that book on account.
 * The owner's console calls (owners only, audited):
 *   GET   /api/admin/company-accounts                 → { success, accounts: CompanyAccount[] }
 *   POST  /api/admin/company-accounts   input         → 201 { success, account }
 *   PATCH /api/admin/company-accounts/:id  patch      → { success, account }
 *   GET   /api/admin/company-accounts/:id/members     → { success, members, invitations }
 *   POST  /api/admin/company-accounts/:id/invitations { email } → 201 { success, message }   (an account admin)
 * The corporate area's (a passenger's bearer token):
 *   GET    /api/v1/corporate/account                  → { success, account: MyCompanyAccount | null }
 *   POST   /api/v1/corporate/members   { email, role } → 201 { success, message }           (account admins)
 *   DELETE /api/v1/corporate/members/:passenger_id    → { success, message }                (account admins)
 *   GET    /api/v1/corporate/bookings?booker&passenger&cost_centre&from&to&status → { success, data }
 * An invitation (no token needed; the link's secret is the proof):
 *   POST /api/v1/corporate/invitation         { token }            → { success, invitation }
 *   POST /api/v1/corporate/invitation/accept  { token, password }  → { success, access_token, passenger }
 */
export const COMPANY_ACCOUNT_PATHS = {
  console: '/api/admin/company-accounts',
  account: '/api/v1/corporate/account',
  members: '/api/v1/corporate/members',
  bookings: '/api/v1/corporate/bookings',
  invitation: '/api/v1/corporate/invitation',
  accept: '/api/v1/corporate/invitation/accept',
} as const;

/** The invitation link's page (the token travels in its fragment). */
export const COMPANY_INVITATION_ROUTE = '/account-invitation';

export const COMPANY_ROLES = ['admin', 'booker'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = { admin: 'Account admin', booker: 'Booker' };

export const INVOICE_PERIODS = ['weekly', 'monthly'] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];


export const COMPANY_ACCOUNT_MESSAGES = {
  notFound: 'No such company account on this site',
  nameTaken: 'A company account with this name already exists',
  invited: (email: string) => `Invitation sent to ${email}.`,
  alreadyMember: 'This person is already a member of a company account',
  notAdmin: 'Only an account admin can do this',
  notMember: 'You are not a member of a company account',
  removed: 'Member removed.',
  cannotRemoveSelf: 'You cannot remove yourself from the account',
  lastAdmin: 'The account needs at least one account admin',
  memberNotFound: 'This person is not a member of your company account',
  invitationInvalid: 'This invitation link is not valid. Ask your account admin for a new one.',
  invitationUsed: 'This invitation has already been used. Sign in instead.',
  invitationExpired: 'This invitation has expired. Ask your account admin for a new one.',
  wrongPassword: 'The password is not correct for the existing account with this email.',
  // The booking on account
  accountNotOffered: 'Booking on account is not available for you.',
  accountOff: 'This company account is switched off. Choose another way to pay or contact us.',
  poRequired: 'Enter a PO number',
  costCentreRequired: 'Enter a cost centre',
  overLimit: (availablePence: number) =>
    `This booking would take your company account over its credit limit (${poundsText(Math.max(0, availablePence))} available). Choose another way to pay or ask your account admin.`,
  signInToBookOnAccount: 'Sign in to your corporate account to book on account.',
  // Changing a booking from the corporate area (a short-lived manage link)
  bookingNotFound: 'No such booking among the bookings you can manage',
} as const;

const text = (max: number) => z.string().trim().max(max);
const pence = z.coerce.number({ error: 'The credit limit must be a number' }).int('The credit limit is in whole pence').min(0).max(1_000_000_000);

export const companyAccountInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  billing_email: accountEmailSchema,
  billing_address: text(500).default(''),
  vat_number: text(40).default(''),
  credit_limit_pence: pence,
  invoice_period: z.enum(INVOICE_PERIODS).default('monthly'),
  payment_terms_days: z.coerce.number().int().min(0, 'Payment terms are 0 to 365 days').max(365, 'Payment terms are 0 to 365 days').default(30),
  po_required: z.boolean().default(false),
  cost_centre_required: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type CompanyAccountInput = z.input<typeof companyAccountInputSchema>;
export const companyAccountPatchSchema = companyAccountInputSchema.partial();
export type CompanyAccountPatch = z.input<typeof companyAccountPatchSchema>;

export const companyAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  billing_email: z.string(),
  billing_address: z.string(),
  vat_number: z.string(),
  credit_limit_pence: z.number(),
  invoice_period: z.enum(INVOICE_PERIODS),
  payment_terms_days: z.number(),
  po_required: z.boolean(),
  cost_centre_required: z.boolean(),
  active: z.boolean(),
  /** Uninvoiced on-account bookings (not cancelled) plus unpaid invoices: what counts against the limit. */
  used_pence: z.number(),
  members: z.number(),
});
export type CompanyAccount = z.infer<typeof companyAccountSchema>;

export const companyAccountListResponseSchema = z.object({ success: z.literal(true), accounts: z.array(companyAccountSchema) });
export const companyAccountResponseSchema = z.object({ success: z.literal(true), account: companyAccountSchema });
export const companyAccountIdParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2 ** 53 - 1) });

export const companyMemberSchema = z.object({ passenger_id: z.number(), name: z.string(), email: z.string(), role: z.enum(COMPANY_ROLES) });
export type CompanyMember = z.infer<typeof companyMemberSchema>;
export const companyInvitationSchema = z.object({ email: z.string(), role: z.enum(COMPANY_ROLES), expires_at: z.string() });
export const companyMembersResponseSchema = z.object({ success: z.literal(true), members: z.array(companyMemberSchema), invitations: z.array(companyInvitationSchema) });

export const inviteMemberSchema = z.object({ email: accountEmailSchema, role: z.enum(COMPANY_ROLES).default('booker') });
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
/**
 * POST /corporate/bookings/change-link (bearer): a short-lived manage link for one of the bookings the member may
 * see (an admin: any of the account's; a booker: those they made or travel on), to open the manage page's change
 * flow with. The link works for CHANGE_LINK_MINUTES.
 */
export const CHANGE_LINK_API = '/corporate/bookings/change-link';
export const CHANGE_LINK_MINUTES = 30;
export const changeLinkRequestSchema = z.object({ booking_number: z.string().trim().min(1).max(40) }).strict();
export const changeLinkResponseSchema = z.object({ success: z.literal(true), url: z.string(), expires_at: z.string() });
export type ChangeLinkResponse = z.infer<typeof changeLinkResponseSchema>;

export const memberParamsSchema = z.object({ passenger_id: z.coerce.number().int().positive().max(2 ** 53 - 1) });

/** The signed-in member's account, as the booking flow and the corporate area need it. */
export const myCompanyAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** On account may be offered: the account is on (the credit limit is checked when booking). */
  on_account: z.boolean(),
  po_required: z.boolean(),
  cost_centre_required: z.boolean(),
  members: z.array(companyMemberSchema),
});
export type MyCompanyAccount = z.infer<typeof myCompanyAccountSchema>;
export const myCompanyAccountResponseSchema = z.object({ success: z.literal(true), account: myCompanyAccountSchema.nullable() });

export const invitationTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
export const invitationAcceptSchema = z.object({ token: z.string().trim().min(1).max(200), password: newPasswordSchema.or(z.string().min(1).max(128)) });
export const invitationPreviewResponseSchema = z.object({
  success: z.literal(true),
  invitation: z.object({ email: z.string(), account_name: z.string(), role: z.enum(COMPANY_ROLES), existing_account: z.boolean() }),
});

/** Printable text only: a NUL or another control character in a filter is refused (a 400), never sent to the database. */
const printable = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

/** The corporate area's bookings filters (all optional; dates YYYY-MM-DD, London pick-up dates, inclusive). */
export const companyBookingsQuerySchema = z.object({
  booker: z.coerce.number().int().positive().optional(),
  passenger: z.string().trim().max(200).refine(printable, 'The passenger filter must not contain control characters').optional(),
  cost_centre: z.string().trim().max(100).refine(printable, 'The cost centre filter must not contain control characters').optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD').optional(),
  status: z.enum(MANAGE_STATUSES).optional(),
});
export type CompanyBookingsQuery = z.infer<typeof companyBookingsQuerySchema>;

export const companyBookingItemSchema = corporateBookingItemSchema.extend({
  booker: z.object({ passenger_id: z.number().nullable(), name: z.string() }),
  po_number: z.string(),
  cost_centre: z.string(),
  refunded_amount: z.number(),
});
export type CompanyBookingItem = z.infer<typeof companyBookingItemSchema>;
export const companyBookingsResponseSchema = z.object({ success: z.literal(true), data: z.array(companyBookingItemSchema) });

