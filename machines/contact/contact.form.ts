/**
 * The Contact Us form (spec §2 Contact Us, §3 Contact form, §9 query reasons): its values, the checks before
 * sending, and the payload. No single field is required (spec §5), but an empty form is refused (the contract's
 * schema, which the server applies too: 'Please fill in the form before sending it'); an e-mail or telephone that is
 * filled in must look like one.
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
/** Per-field messages, and `form` for a problem of the form as a whole (nothing filled in). */
export type ContactErrors = Partial<Record<ContactField | 'form', string>>;

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

/**
 * The contract schema's problems: the first message per field, and the form-level one (an empty form) under `form`,
 * so the browser stops what the server would refuse.
 */
export function validateContactForm(form: ContactFormValues): ContactErrors {
  const errors: ContactErrors = {};
  const parsed = contactRequestSchema.safeParse(toContactPayload(form));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (issue.path.length === 0) errors.form ??= issue.message;
    else if (typeof field === 'string' && field in EMPTY_CONTACT_FORM && !errors[field as ContactField]) errors[field as ContactField] = issue.message;
  }
  return errors;
}
