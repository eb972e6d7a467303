/**
 * The enquiry forms' constants and checks that need no zod: the Contact Us page validates with these in the browser
 * (zod and its schemas are about 25 kB gzip of JavaScript the page would evaluate before it responds), and
 * contract/enquiries.ts builds the server's schemas from the same ones. machines/contact/contact.form.test.ts holds
 * the browser's contact check to the server's schema on generated forms.
 */

/** Contact Us query reasons (spec §9), 'Booking' the default. */
export const QUERY_REASONS = ['Booking', 'Invoice', 'Complaint', 'Lost Item', 'Other'] as const;
export type QueryReason = (typeof QUERY_REASONS)[number];

export const ENQUIRY_LIMITS = {
  name: 120,
  email: 254,
  phone: 30,
  address: 500,
  additionalInfo: 2000,
  comments: 5000,
  bookingNumber: 40,
  passengers: { min: 1, max: 50 },
  luggages: { min: 0, max: 20 },
} as const;

export const ENQUIRY_MESSAGES = {
  quoteSent: 'Your booking has been sent!',
  quoteFailed: 'There was a problem sending your booking.',
  contactSent: 'Your form has been submitted successfully!. Thank You for Contacting',
  contactSentTitle: 'Form Submitted',
  contactFailedTitle: 'Submission Failed',
  contactEmpty: 'Please fill in the form before sending it',
  invalidEmail: 'Enter a valid email address',
  invalidPhone: 'Enter a valid telephone number',
  invalidQueryReason: `Query reason must be one of ${QUERY_REASONS.join(', ')}`,
} as const;

/** The message of a text over its limit (the schemas' `max`). */
export const tooLongMessage = (max: number) => `must be at most ${max} characters`;

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,}$/;
/** Digits with spaces, +, -, ( ): 5 to 16 digits. */
export const isPhone = (value: string) => PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 5 && value.replace(/\D/g, '').length <= 16;
