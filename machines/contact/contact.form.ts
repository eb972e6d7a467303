/**
 * The Contact Us form (spec §2 Contact Us, §3 Contact form, §9 query reasons): its values, the checks before
 * sending, and the payload. No single field is required (spec §5), but an empty form is refused ('Please fill in the
 * form before sending it'); an e-mail or telephone that is filled in must look like one. The checks are the server's
 * schema (contactRequestSchema of contract/enquiries.ts) written without zod, so the page evaluates no zod before it
 * responds; contact.form.test.ts holds them to the schema on generated forms.
 */
import type { ContactRequest } from '../../contract/enquiries.ts';
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, isPhone, QUERY_REASONS, tooLongMessage, type QueryReason } from '../../contract/enquiryRules.ts';
import { EMAIL_PATTERN } from '../../contract/plainChecks.ts';

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

/** The values as sent (trimmed): what POST /contact-us takes (ContactRequest). */
export function toContactPayload(form: ContactFormValues): ContactFormValues & ContactRequest {
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

/** What the server's schema would refuse: the first problem per field, and an empty form under `form`. */
export function validateContactForm(form: ContactFormValues): ContactErrors {
  const values = toContactPayload(form);
  const errors: ContactErrors = {};
  const limits: [Exclude<ContactField, 'queryReason'>, number][] = [
    ['firstName', ENQUIRY_LIMITS.name],
    ['lastName', ENQUIRY_LIMITS.name],
    ['email', ENQUIRY_LIMITS.email],
    ['telephone', ENQUIRY_LIMITS.phone],
    ['bookingNumber', ENQUIRY_LIMITS.bookingNumber],
    ['comments', ENQUIRY_LIMITS.comments],
  ];
  for (const [field, max] of limits) if (values[field].length > max) errors[field] = tooLongMessage(max);
  if (!errors.email && values.email !== '' && !EMAIL_PATTERN.test(values.email)) errors.email = ENQUIRY_MESSAGES.invalidEmail;
  if (!errors.telephone && values.telephone !== '' && !isPhone(values.telephone)) errors.telephone = ENQUIRY_MESSAGES.invalidPhone;
  if (!(QUERY_REASONS as readonly string[]).includes(values.queryReason)) errors.queryReason = ENQUIRY_MESSAGES.invalidQueryReason;
  const filled = limits.some(([field]) => values[field] !== '');
  if (!filled && Object.keys(errors).length === 0) errors.form = ENQUIRY_MESSAGES.contactEmpty;
  return errors;
}
