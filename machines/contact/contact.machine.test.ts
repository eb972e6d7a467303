import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactRequest, ContactResponse } from '../../contract/enquiries.ts';
import { EMPTY_CONTACT_FORM, QUERY_REASONS, validateContactForm, type ContactFormValues } from './contact.form.ts';
import { contactMachine } from './contact.machine.ts';

const ok: ContactResponse = { success: true, message: 'Your form has been submitted successfully!. Thank You for Contacting', contact_id: 3 };
const typed: Partial<ContactFormValues> = { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.test', telephone: '020 7946 0000', queryReason: 'Lost Item', bookingNumber: 'CF-1001', comments: 'I left an umbrella.' };

function start(send: (input: ContactRequest) => Promise<ContactResponse> = async () => ok) {
  const calls: ContactRequest[] = [];
  const actor = createActor(contactMachine.provide({ actors: { sendContactForm: fromPromise(({ input }) => (calls.push(input), send(input))) } })).start();
  return { actor, calls };
}

describe('contact form values', () => {
  it('offers the five query reasons with Booking as the default', () => {
    expect(QUERY_REASONS).toEqual(['Booking', 'Invoice', 'Complaint', 'Lost Item', 'Other']);
    expect(EMPTY_CONTACT_FORM.queryReason).toBe('Booking');
  });

  it('requires no single field, refuses an empty form, and checks an e-mail or telephone that is filled in', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({ form: 'Please fill in the form before sending it' });
    // A query reason alone says nothing (it always has a value).
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, queryReason: 'Invoice', comments: '   ' })).toEqual({ form: 'Please fill in the form before sending it' });
    for (const field of ['firstName', 'lastName', 'email', 'telephone', 'bookingNumber', 'comments'] as const) {
      expect(validateContactForm({ ...EMPTY_CONTACT_FORM, [field]: typed[field] }), field).toEqual({});
    }
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, email: 'nope', telephone: 'abc' })).toEqual({ email: 'Enter a valid email address', telephone: 'Enter a valid telephone number' });
  });
});

describe('contact machine', () => {
  it('sends the form and empties it after "Form Submitted"', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.change', values: typed });
    actor.send({ type: 'contact.send' });
    expect(actor.getSnapshot().value).toBe('sending');
    const sent = await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toEqual([{ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.test', telephone: '020 7946 0000', queryReason: 'Lost Item', bookingNumber: 'CF-1001', comments: 'I left an umbrella.' }]);
    expect(sent.context.form).toEqual(EMPTY_CONTACT_FORM);
    actor.send({ type: 'form.change', values: { comments: 'Another one' } });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it("stops an empty form with 'Please fill in the form before sending it' until something is typed", async () => {
    const { actor, calls } = start();
    actor.send({ type: 'contact.send' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ form: 'Please fill in the form before sending it' });
    actor.send({ type: 'form.change', values: { comments: 'Where is my invoice?' } });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'contact.send' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toEqual([expect.objectContaining({ comments: 'Where is my invoice?' })]);
  });

  it('shows format problems without sending', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.change', values: { email: 'ada@' } });
    actor.send({ type: 'contact.send' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Enter a valid email address' });
    actor.send({ type: 'form.change', values: { email: 'ada@example.test' } });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(calls).toEqual([]);
  });

  it("keeps what was typed and the server's error on failure, then retries", async () => {
    let attempt = 0;
    const { actor, calls } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Please fill in the form before sending it');
      return ok;
    });
    actor.send({ type: 'form.change', values: typed });
    actor.send({ type: 'contact.send' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('Please fill in the form before sending it');
    expect(failed.context.form).toMatchObject(typed);
    actor.send({ type: 'contact.retry' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toHaveLength(2);
  });

  it('sends once however often SEND is pressed while sending', async () => {
    let resolve!: (value: ContactResponse) => void;
    const { actor, calls } = start(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'form.change', values: typed });
    actor.send({ type: 'contact.send' });
    actor.send({ type: 'contact.send' });
    expect(calls).toHaveLength(1);
    resolve(ok);
    await waitFor(actor, (s) => s.matches('sent'));
  });

  it('returns to editing when a message is dismissed', async () => {
    const { actor } = start(async () => Promise.reject(new Error('down')));
    actor.send({ type: 'form.change', values: typed });
    actor.send({ type: 'contact.send' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'message.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toBe('down');
  });
});
