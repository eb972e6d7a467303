/** Composition root of the outbox: machines/adminInbox's outbox effects made real (src/api/adminInbox.ts). */
import { fromPromise } from 'xstate';
import { outboxMachine } from '../../../machines/adminInbox/index.ts';
import { listMails, loadMail, resendMail } from '../../api/adminInbox.ts';

export const outboxLogic = outboxMachine.provide({
  actors: {
    loadMails: fromPromise(({ input, signal }) => listMails(input, { signal })),
    loadMail: fromPromise(({ input, signal }) => loadMail(input.id, { signal })),
    resend: fromPromise(({ input }) => resendMail(input.id)),
  },
});
