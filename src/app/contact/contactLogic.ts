/**
 * Composition root of the contact flow: the real sender behind machines/contact's placeholder (a thin wrapper over
 * src/api, `signal` passed through) and the actor context each Contact Us form provides for itself. The API module
 * (ofetch, and zod through the contract's schemas) loads with the first send, not with the page.
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contactMachine } from '../../../machines/contact/index.ts';

export const contactLogic = contactMachine.provide({
  actors: {
    sendContactForm: fromPromise(async ({ input, signal }) => (await import('../../api/enquiries.ts')).sendContactForm(input, { signal })),
  },
});

export const Contact = createActorContext(contactLogic);
