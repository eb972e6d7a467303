/**
 * Composition root of the contact flow: the real sender behind machines/contact's placeholder (a thin wrapper over
 * src/api, `signal` passed through) and the actor context each Contact Us form provides for itself.
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contactMachine } from '../../../machines/contact/index.ts';
import { sendContactForm } from '../../api/enquiries.ts';

export const contactLogic = contactMachine.provide({
  actors: {
    sendContactForm: fromPromise(({ input, signal }) => sendContactForm(input, { signal })),
  },
});

export const Contact = createActorContext(contactLogic);
