import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '../../contract/enquiries.ts';
import { ENQUIRY_LIMITS, QUERY_REASONS } from '../../contract/enquiryRules.ts';
import { EMPTY_CONTACT_FORM, toContactPayload, validateContactForm, type ContactErrors, type ContactField, type ContactFormValues } from './contact.form.ts';

/** What the server's schema says of a form: its first message per field, and the form-level one under `form`. */
function schemaErrors(form: ContactFormValues): ContactErrors {
  const errors: ContactErrors = {};
  const parsed = contactRequestSchema.safeParse(toContactPayload(form));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (issue.path.length === 0) errors.form ??= issue.message;
    else if (typeof field === 'string' && field in EMPTY_CONTACT_FORM) errors[field as ContactField] ??= issue.message;
  }
  return errors;
}

const padded = (inner: fc.Arbitrary<string>) => fc.tuple(fc.constantFrom('', ' ', '\t', '  \n'), inner, fc.constantFrom('', ' ', ' \n')).map(([a, b, c]) => a + b + c);
/** Text around a limit: `max - 1` to `max + 1` characters once trimmed. */
const nearLimit = (max: number) => fc.integer({ min: max - 1, max: max + 1 }).map((length) => 'x'.repeat(length));
const text = (max: number) => padded(fc.oneof(fc.constant(''), fc.string({ maxLength: 12 }), nearLimit(max)));
const email = padded(fc.oneof(fc.constant(''), fc.emailAddress(), fc.string({ maxLength: 20 }), fc.stringMatching(/^[a-z.@_+-]{1,20}$/), nearLimit(ENQUIRY_LIMITS.email).map((x) => `${x}@example.com`)));
const phone = padded(fc.oneof(fc.constant(''), fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/), fc.string({ maxLength: 12 }), nearLimit(ENQUIRY_LIMITS.phone).map((x) => x.replace(/x/g, '1'))));
const form: fc.Arbitrary<ContactFormValues> = fc.record({
  firstName: text(ENQUIRY_LIMITS.name),
  lastName: text(ENQUIRY_LIMITS.name),
  email,
  telephone: phone,
  queryReason: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...QUERY_REASONS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }) as fc.Arbitrary<ContactFormValues['queryReason']>,
  bookingNumber: text(ENQUIRY_LIMITS.bookingNumber),
  comments: text(ENQUIRY_LIMITS.comments),
});

describe('the Contact Us checks in the browser', () => {
  it('find exactly what the server schema refuses, with its messages', () => {
    fc.assert(
      fc.property(form, (values) => {
        expect(validateContactForm(values)).toEqual(schemaErrors(values));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuse an empty or blank form, and name a wrong e-mail and telephone', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({ form: 'Please fill in the form before sending it' });
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, comments: '  \n ' })).toEqual({ form: 'Please fill in the form before sending it' });
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, email: 'ann@example', telephone: '12' })).toEqual({
      email: 'Enter a valid email address',
      telephone: 'Enter a valid telephone number',
    });
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, comments: 'Left my umbrella' })).toEqual({});
  });
});
