/**
 * The Contact Us form (spec §2 Contact Us, §3 Contact form, §9 query reasons): its values, the format checks before
 * sending, and the payload. No field is required (spec §5); an e-mail or telephone that is filled in must look
 * like one (the contract's schema). Whether the form says anything at all is the server's call.
 */
import { contactRequestSchema, QUERY_REASONS, type ContactRequest, type QueryReason } from '../../contract/enquiries.ts';

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  queryReason: QueryReason;
  bookingNumber: string;
  comments: string;
}

export type ContactField = keyof ContactFormValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export { QUERY_REASONS };
export const DEFAULT_QUERY_REASON: QueryReason = 'Booking';

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  telephone: '',
  queryReason: DEFAULT_QUERY_REASON,
  bookingNumber: '',
  comments: '',
};

export function toContactPayload(form: ContactFormValues): ContactRequest {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    telephone: form.telephone.trim(),
    queryReason: form.queryReason,
    bookingNumber: form.bookingNumber.trim(),
    comments: form.comments.trim(),
  };
}

/** Field-format problems only (first message per field); an empty form passes here and the server says why not. */
export function validateContactForm(form: ContactFormValues): ContactErrors {
  const errors: ContactErrors = {};
  const parsed = contactRequestSchema.safeParse(toContactPayload(form));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in EMPTY_CONTACT_FORM && !errors[field as ContactField]) errors[field as ContactField] = issue.message;
  }
  return errors;
}
