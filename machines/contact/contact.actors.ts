/**
 * The contact flow's one effect, declared by signature only; the view layer supplies the real actor with
 * `contactMachine.provide({ actors })` (a thin wrapper over src/api, passing `signal` through), tests a stub.
 */
import { fromPromise } from 'xstate';
import type { ContactRequest, ContactResponse } from '../../contract/enquiries.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`contact actor "${name}" is not provided: supply it with contactMachine.provide({ actors })`));

export const contactActors = {
  /**
   * POST /api/v1/contact-us with the contact form (spec §3). Resolves on status 200 (stored and queued for the
   * operator); rejects otherwise with an Error whose message is the response's `error` field (spec §7), or the
   * client error's message when there is no response.
   */
  sendContactForm: fromPromise<ContactResponse, ContactRequest>(notProvided('sendContactForm')),
};
